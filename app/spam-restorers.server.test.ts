import { beforeEach, describe, expect, it } from "vitest";
import { testDialects } from "#db/test-databases";
import { createAccount } from "~/features/auth/account-creation.server";
import { listLeads } from "~/features/leads/leads.server";
import { leadKinds } from "~/lead-kinds.server";
import { submitContact } from "~/features/contact/submit.server";
import { submitOrder } from "~/features/orders/store.server";
import { actOnSpam } from "~/features/spam/moderation.server";
import { listAllReviews } from "~/features/reviews/moderation-store.server";
import { submitReview } from "~/features/reviews/submit.server";
import { setLogLevel } from "~/lib/logger.server";
import { listSpam } from "~/lib/spam.server";
import type { Staff } from "~/lib/staff";
import { useTestDatabase } from "~/lib/test-database";
import { completeOrderForm } from "../tests/support/orders";
import { spamRestorers } from "./spam-restorers.server";
import { testHashParams } from "../tests/support/hash-params";

setLogLevel("silent");

const review = {
  name: "Fay",
  email: "fay@example.com",
  rating: "8",
  quote: "Good on long drives.",
  context: "",
  tags: ["travel"],
  website: "filled",
};
const message = {
  name: "Ana",
  email: "ana@example.com",
  topic: "product",
  message: "Which cover suits a sports chair?",
  consent: "on",
  honeypot: "filled",
};
const order = {
  ...completeOrderForm,
  medicalNotes: "MEDNOTE-XYZ: a healed pressure sore on the left side",
  honeypot: "http://bot.example",
  formStartTime: Date.now() - 10_000,
};

/** Staff's answer, given every kind's way back as the admin Spam page gives it. */
const answer = (staff: Staff, input: Record<string, unknown>) => actOnSpam(staff, input, spamRestorers);

describe.each(testDialects)("staff deciding on spam on %s", (dialect) => {
  let staff: Staff;
  let ip = 0;
  const database = useTestDatabase(dialect, async () => {
    staff = {
      accountId: await createAccount("moderator", "long enough password", "moderator", { hashParams: testHashParams }),
      username: "moderator",
    };
  });
  beforeEach(async () => {
    for (const table of ["spam", "outbox", "testimonials", "contact_messages", "order_requests", "audit_log"] as const)
      await database().db.deleteFrom(table).execute();
  });
  const held = async (data: Record<string, unknown>, kind: "review" | "message") => {
    const result =
      kind === "review" ? await submitReview(data, `192.0.2.${++ip}`) : await submitContact(data, `192.0.2.${++ip}`);
    if (!result.ok || !result.held) throw new Error("expected a held submission");
    return result.id;
  };

  it("'Not spam' on a review makes it a pending review, received when it was sent, with staff told", async () => {
    const id = await held(review, "review");
    const [item] = await listSpam();
    expect(await answer(staff, { intent: "release", id })).toEqual({ ok: true, intent: "release", kind: "review" });
    const [pending] = await listAllReviews();
    expect(pending).toMatchObject({
      name: "Fay",
      approved: false,
      rating: 8,
      tags: ["travel"],
      createdAt: item?.receivedAt,
    });
    expect(await database().db.selectFrom("outbox").select("kind").execute()).toEqual([{ kind: "review" }]);
    expect(await listSpam()).toEqual([]);
    const audit = await database().db.selectFrom("audit_log").select(["action", "username"]).execute();
    expect(audit).toEqual([{ action: "release-from-spam", username: "moderator" }]);
  });

  it("'Not spam' on a message puts it in the inbox with its delivery queued", async () => {
    const id = await held(message, "message");
    expect(await answer(staff, { intent: "release", id })).toMatchObject({ ok: true, kind: "message" });
    const inbox = await listLeads(leadKinds.message, {});
    expect(inbox.leads.map((m) => [m.name, m.topic, m.status])).toEqual([["Ana", "product", "new"]]);
    expect(inbox.leads[0]?.deliveries).toHaveLength(1);
  });

  it("'Not spam' on an order request stores it under the reference its sender was shown, with staff told", async () => {
    const request = await submitOrder(order, `192.0.2.${++ip}`);
    if (!request.ok || !request.held) throw new Error("expected a held request");
    const orders = () =>
      database()
        .db.selectFrom("order_requests")
        .select(["id", "reference", "email", "medical_notes", "received_at"])
        .execute();
    expect(await orders()).toEqual([]);
    expect(await database().db.selectFrom("outbox").select("kind").execute()).toEqual([]);
    const [item] = await listSpam();
    expect(item).toMatchObject({
      kind: "order",
      payload: { reference: request.reference, medicalNotes: order.medicalNotes },
    });
    expect(await answer(staff, { intent: "release", id: request.id })).toEqual({
      ok: true,
      intent: "release",
      kind: "order",
    });
    const [stored, ...others] = await orders();
    expect(others).toEqual([]);
    expect(stored).toMatchObject({
      reference: request.reference,
      email: "rosa@example.com",
      medical_notes: order.medicalNotes,
      received_at: item?.receivedAt,
    });
    expect(await database().db.selectFrom("outbox").select(["kind", "ref_id"]).execute()).toEqual([
      { kind: "order", ref_id: stored?.id },
    ]);
    expect(await listSpam()).toEqual([]);
    expect(
      await database().db.selectFrom("audit_log").select(["action", "target_type", "target_id"]).execute(),
    ).toEqual([{ action: "release-from-spam", target_type: "order_request", target_id: request.id }]);
  });

  it("deletes for good, and a second answer to the same item is a 404", async () => {
    const id = await held(message, "message");
    expect(await answer(staff, { intent: "delete", id })).toMatchObject({ ok: true, intent: "delete" });
    expect(await answer(staff, { intent: "release", id })).toMatchObject({ ok: false, status: 404 });
    expect((await listLeads(leadKinds.message, {})).leads).toEqual([]);
    expect(await listSpam()).toEqual([]);
  });

  it("checks what it is sent: an unknown action is a 400, an id that names nothing a 404", async () => {
    expect(await answer(staff, { intent: "publish", id: "x" })).toMatchObject({ ok: false, status: 400 });
    expect(await answer(staff, { intent: "release", id: "' or 1=1 --" })).toMatchObject({ ok: false, status: 404 });
  });
});
