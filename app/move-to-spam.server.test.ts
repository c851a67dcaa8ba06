import { beforeEach, describe, expect, it, vi } from "vitest";
import { testDialects } from "#db/test-databases";
import { createAccount } from "~/features/auth/account-creation.server";
import { moveMessageToSpam } from "~/features/contact/inbox.server";
import { countOpenLeads, listLeads } from "~/features/leads/leads.server";
import { leadKinds } from "~/lead-kinds.server";
import { submitContact } from "~/features/contact/submit.server";
import { moveOrderToSpam } from "~/features/orders/admin.server";
import { submitOrder } from "~/features/orders/store.server";
import { actOnSpam } from "~/features/spam/moderation.server";
import { countAwaitingModeration, listAllReviews, moveReviewToSpam } from "~/features/reviews/moderation-store.server";
import { publishReview } from "~/features/reviews/store.server";
import { submitReview } from "~/features/reviews/submit.server";
import { setLogLevel } from "~/lib/logger.server";
import { listSpam } from "~/lib/spam.server";
import type { Staff } from "~/lib/staff";
import { useTestDatabase } from "~/lib/test-database";
import { completeOrderForm } from "../tests/support/orders";
import { spamRestorers } from "./spam-restorers.server";
import { testHashParams } from "../tests/support/hash-params";

// Email configured, read once on first use: a message or a review queues its staff notice, and an
// order request its notice and the requester's receipt, each by email. Nothing here sends them.
vi.hoisted(() => {
  process.env.SMTP_HOST = "127.0.0.1";
  process.env.STAFF_EMAIL = "staff@aquila.example";
});

setLogLevel("silent");

/** Sent 0.3 s after the form was shown, with two links: marked, never held. */
const quick = () => ({ startedAt: String(Date.now() - 300) });
const links = "see https://a.example/x and https://b.example/y";

describe.each(testDialects)("moving a marked item to Spam and back on %s", (dialect) => {
  let staff: Staff;
  let ip = 0;
  const database = useTestDatabase(dialect, async () => {
    staff = {
      accountId: await createAccount("lead", "long enough password", "moderator", { hashParams: testHashParams }),
      username: "lead",
    };
  });
  beforeEach(async () => {
    for (const table of [
      "spam",
      "outbox",
      "testimonials",
      "contact_messages",
      "order_requests",
      "audit_log",
      "form_counts",
    ] as const)
      await database().db.deleteFrom(table).execute();
  });
  const outbox = () =>
    database().db.selectFrom("outbox").select(["kind", "channel", "status"]).orderBy("kind").execute();
  const outboxOf = (id: string) =>
    database()
      .db.selectFrom("outbox")
      .select(["kind", "channel", "status"])
      .where("ref_id", "=", id)
      .orderBy("kind")
      .execute();
  const audit = () =>
    database().db.selectFrom("audit_log").select(["action", "username", "target_type"]).orderBy("at").execute();
  const auditOf = (id: string) =>
    database()
      .db.selectFrom("audit_log")
      .select(["action", "username", "target_type"])
      .where("target_id", "=", id)
      .orderBy("at")
      .execute();
  /** The submissions counted as leads (the Visits page's conversions), with their answers to "How did you hear about us?". */
  const counted = async () =>
    (
      await database()
        .db.selectFrom("form_counts")
        .select(["form", "event", "count"])
        .where("count", ">", 0)
        .orderBy("form")
        .orderBy("event")
        .execute()
    ).map((row) => `${row.form} ${row.event} ${Number(row.count)}`);
  const heardOf = async (table: "contact_messages" | "order_requests" | "testimonials") =>
    (await database().db.selectFrom(table).select("heard_from").execute()).map((row) => row.heard_from);
  const release = async () => {
    const [item] = await listSpam();
    return actOnSpam(staff, { intent: "release", id: item?.id }, spamRestorers);
  };

  it("a message: out of the inbox with its pending delivery, into Spam with its reasons and who moved it, and back unmarked", async () => {
    const sent = await submitContact(
      {
        name: "Ana",
        email: "ana@example.com",
        topic: "product",
        message: `Which cover? ${links}`,
        consent: "on",
        heard: "dealer",
        ...quick(),
      },
      `192.0.2.${++ip}`,
    );
    if (!sent.ok) throw new Error("not stored");
    const [listed] = (await listLeads(leadKinds.message, {})).leads;
    expect(listed?.mark.map((r) => r.code)).toEqual(["too-fast", "links"]);
    expect(await outbox()).toHaveLength(1);
    expect(await countOpenLeads(leadKinds.message)).toEqual({ new: 1, marked: 1 });
    const leads = ["message heard:dealer 1", "message stored 1"];
    expect(await counted()).toEqual(leads);

    expect(await moveMessageToSpam(staff, sent.id)).toBe(true);
    expect((await listLeads(leadKinds.message, {})).leads).toEqual([]);
    // No longer a lead: its counts go with it, and come back once with it.
    expect(await counted()).toEqual([]);
    expect(await countOpenLeads(leadKinds.message)).toEqual({ new: 0, marked: 0 });
    expect(await outbox()).toEqual([]);
    const [held] = await listSpam();
    expect(held).toMatchObject({
      kind: "message",
      payload: { name: "Ana", email: "ana@example.com", topic: "product", heard: "dealer" },
    });
    expect(held?.reasons.map((r) => r.code)).toEqual(["too-fast", "links", "moved-by-staff"]);
    expect(held?.reasons.at(-1)?.detail).toBe("Moved to Spam by lead.");
    expect(await moveMessageToSpam(staff, sent.id)).toBe(false);

    expect(await release()).toMatchObject({ ok: true, kind: "message" });
    const [back] = (await listLeads(leadKinds.message, {})).leads;
    expect(back).toMatchObject({ name: "Ana", received_at: held?.receivedAt, spam_signals: null, mark: [] });
    expect(await heardOf("contact_messages")).toEqual(["dealer"]);
    expect(await counted()).toEqual(leads);
    expect(await outbox()).toHaveLength(1);
    expect(await audit()).toEqual([
      { action: "move-to-spam", username: "lead", target_type: "contact_message" },
      { action: "release-from-spam", username: "lead", target_type: "contact_message" },
    ]);
  });

  it("an order request: its notice and receipt are cancelled, and it comes back under the reference its sender was shown", async () => {
    const sent = await submitOrder(
      {
        ...completeOrderForm,
        discomfortAreas: ["tailbone", "hips"],
        medicalNotes: links,
        heard: "clinician",
        formStartTime: Date.now() - 300,
      },
      `192.0.2.${++ip}`,
    );
    if (!sent.ok) throw new Error("not stored");
    expect((await listLeads(leadKinds.order, { mark: "possible-spam" })).leads.map((o) => o.reference)).toEqual([
      sent.reference,
    ]);
    expect(await countOpenLeads(leadKinds.order)).toEqual({ new: 1, marked: 1 });
    const queued = [
      { kind: "order", channel: "email", status: "pending" },
      { kind: "order-receipt", channel: "email", status: "pending" },
    ];
    expect(await outboxOf(sent.id)).toEqual(queued);
    const leads = ["order heard:clinician 1", "order stored 1"];
    expect(await counted()).toEqual(leads);
    expect(await moveOrderToSpam(staff, sent.id)).toBe(true);
    expect((await listLeads(leadKinds.order, {})).leads).toEqual([]);
    expect(await counted()).toEqual([]);
    expect(await countOpenLeads(leadKinds.order)).toEqual({ new: 0, marked: 0 });
    expect(await outbox()).toEqual([]);
    expect(await auditOf(sent.id)).toEqual([
      { action: "move-to-spam", username: "lead", target_type: "order_request" },
    ]);
    expect(await release()).toMatchObject({ ok: true, kind: "order" });
    const [back] = (await listLeads(leadKinds.order, {})).leads;
    expect(back).toMatchObject({ reference: sent.reference, mark: [] });
    // Back in Orders, its notice and its receipt are queued again.
    expect(await outboxOf(String(back?.id))).toEqual(queued);
    const stored = await database()
      .db.selectFrom("order_requests")
      .select(["discomfort_areas", "medical_notes"])
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.discomfort_areas)).toEqual(["tailbone", "hips"]);
    expect(stored.medical_notes).toBe(links);
    expect(await heardOf("order_requests")).toEqual(["clinician"]);
    expect(await counted()).toEqual(leads);
    expect((await audit()).map((a) => a.action)).toEqual(["move-to-spam", "release-from-spam"]);
  });

  it("a review awaiting moderation goes and comes back; a published one stays (it leaves through a decision with a reason)", async () => {
    const first = await submitReview(
      {
        name: "Fay",
        email: "fay@example.com",
        rating: "8",
        quote: `Good on long drives, ${links}`,
        tags: ["travel"],
        heard: "social",
        ...quick(),
      },
      `192.0.2.${++ip}`,
    );
    const second = await submitReview(
      { name: "Gus", email: "gus@example.com", rating: "9", quote: "Comfortable all day.", ...quick() },
      `192.0.2.${++ip}`,
    );
    if (!first.ok || !second.ok) throw new Error("not stored");
    expect((await listAllReviews(undefined, 200, undefined, true)).map((r) => r.name).sort()).toEqual(["Fay", "Gus"]);
    expect(await countAwaitingModeration()).toEqual({ pending: 2, marked: 2 });
    const notice = [{ kind: "review", channel: "email", status: "pending" }];
    expect(await outboxOf(first.id)).toEqual(notice);
    expect(await outboxOf(second.id)).toEqual(notice);
    await publishReview(staff, second.id);
    // A published review no longer waits, marked or not.
    expect(await countAwaitingModeration()).toEqual({ pending: 1, marked: 1 });
    expect(await moveReviewToSpam(staff, second.id)).toBe(false);
    expect(await counted()).toEqual(["review heard:none 1", "review heard:social 1", "review stored 2"]);
    expect(await moveReviewToSpam(staff, first.id)).toBe(true);
    expect((await listAllReviews()).map((r) => r.name)).toEqual(["Gus"]);
    expect(await counted()).toEqual(["review heard:none 1", "review stored 1"]);
    // Its notice not yet sent is never sent; the published review's is untouched.
    expect(await outboxOf(first.id)).toEqual([]);
    expect(await outboxOf(second.id)).toEqual(notice);
    expect(await auditOf(first.id)).toEqual([{ action: "move-to-spam", username: "lead", target_type: "testimonial" }]);
    expect(await countAwaitingModeration()).toEqual({ pending: 0, marked: 0 });
    expect(await release()).toMatchObject({ ok: true, kind: "review" });
    const fay = (await listAllReviews()).find((r) => r.name === "Fay");
    expect(fay).toMatchObject({ state: "pending", rating: 8, tags: ["travel"], spamMark: [], heard: "social" });
    expect((await heardOf("testimonials")).sort()).toEqual([null, "social"]);
    expect(await counted()).toEqual(["review heard:none 1", "review heard:social 1", "review stored 2"]);
    expect(await outboxOf(String(fay?.id))).toEqual(notice);
    expect(await audit()).toEqual([
      { action: "publish", username: "lead", target_type: "testimonial" },
      { action: "move-to-spam", username: "lead", target_type: "testimonial" },
      { action: "release-from-spam", username: "lead", target_type: "testimonial" },
    ]);
  });
});
