import { beforeEach, describe, expect, it } from "vitest";
import { testDialects } from "../../../db/test-databases";
import { createAccount } from "~/features/auth/auth.server";
import { listMessages } from "~/features/contact/inbox.server";
import { submitContact } from "~/features/contact/submit.server";
import { listAllTestimonials } from "~/features/testimonials/queries.server";
import { submitReview } from "~/features/testimonials/submit.server";
import { setLogLevel } from "~/lib/logger.server";
import { listSpam } from "~/lib/spam.server";
import type { Staff } from "~/lib/staff";
import { useTestDatabase } from "~/lib/test-database";
import { actOnSpam } from "./moderation.server";

setLogLevel("silent");

const review = { name: "Fay", email: "fay@example.com", rating: "8", quote: "Good on long drives.", context: "", tags: ["travel"], website: "filled" };
const message = { name: "Ana", email: "ana@example.com", topic: "product", message: "Which cover suits a sports chair?", consent: "on", honeypot: "filled" };

describe.each(testDialects)("staff deciding on spam on %s", (dialect) => {
  let staff: Staff;
  let ip = 0;
  const database = useTestDatabase(dialect, async () => {
    staff = { accountId: await createAccount("moderator", "long enough password"), username: "moderator" };
  });
  beforeEach(async () => {
    for (const table of ["spam", "outbox", "testimonials", "contact_messages", "audit_log"] as const) await database().db.deleteFrom(table).execute();
  });
  const held = async (data: Record<string, unknown>, kind: "review" | "contact") => {
    const result = kind === "review" ? await submitReview(data, `192.0.2.${++ip}`) : await submitContact(data, `192.0.2.${++ip}`);
    if (!result.ok || !result.quarantined) throw new Error("expected a quarantined submission");
    return result.id;
  };

  it("'Not spam' on a review makes it a pending review, received when it was sent, with staff told", async () => {
    const id = await held(review, "review");
    const [item] = await listSpam();
    expect(await actOnSpam(staff, { intent: "release", id })).toEqual({ ok: true, intent: "release", kind: "review" });
    const [pending] = await listAllTestimonials();
    expect(pending).toMatchObject({ name: "Fay", approved: false, rating: 8, tags: ["travel"], createdAt: item?.receivedAt });
    expect(await database().db.selectFrom("outbox").select("kind").execute()).toEqual([{ kind: "review" }]);
    expect(await listSpam()).toEqual([]);
    const audit = await database().db.selectFrom("audit_log").select(["action", "username"]).execute();
    expect(audit).toEqual([{ action: "release-from-spam", username: "moderator" }]);
  });

  it("'Not spam' on a message puts it in the inbox with its delivery queued", async () => {
    const id = await held(message, "contact");
    expect(await actOnSpam(staff, { intent: "release", id })).toMatchObject({ ok: true, kind: "contact" });
    const inbox = await listMessages({});
    expect(inbox.messages.map((m) => [m.name, m.topic, m.status])).toEqual([["Ana", "product", "new"]]);
    expect(inbox.messages[0]?.deliveries).toHaveLength(1);
  });

  it("deletes for good, and a second answer to the same item is a 404", async () => {
    const id = await held(message, "contact");
    expect(await actOnSpam(staff, { intent: "delete", id })).toMatchObject({ ok: true, intent: "delete" });
    expect(await actOnSpam(staff, { intent: "release", id })).toMatchObject({ ok: false, status: 404 });
    expect((await listMessages({})).messages).toEqual([]);
    expect(await listSpam()).toEqual([]);
  });

  it("checks what it is sent: an unknown action is a 400, an id that names nothing a 404", async () => {
    expect(await actOnSpam(staff, { intent: "publish", id: "x" })).toMatchObject({ ok: false, status: 400 });
    expect(await actOnSpam(staff, { intent: "release", id: "' or 1=1 --" })).toMatchObject({ ok: false, status: 404 });
  });
});
