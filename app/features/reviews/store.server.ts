// What writes a review: the public form's new review, and each decision staff take on one, with its audit line.
import { randomUUID } from "node:crypto";
import { type ExpressionBuilder, type Selectable, sql } from "kysely";
import type { Database, ReviewDeclineReason, TestimonialTable } from "#db/schema";
import { recordAudit } from "~/lib/audit.server";
import type { Staff } from "~/lib/staff";
import { dropDeliveries, queueDeliveries } from "~/lib/outbox/queue.server";
import { nudgeDeliveryWorker } from "~/lib/outbox/delivery.server";
import { type Executor, inTransaction } from "~/lib/db.server";
import type { SpamReason } from "~/lib/forms";
import { markColumn } from "~/lib/spam-mark";
import { countStored } from "~/lib/visits/stored.server";
import type { ReviewInput } from "./schema";
import type { ReviewState } from "./types";

/** A new review waits for moderation; staff are told through the outbox, in the same transaction. */
export async function createReview(
  input: ReviewInput,
  now = new Date(),
  within?: Executor,
  signals: readonly SpamReason[] = [],
): Promise<string> {
  const id = randomUUID();
  await inTransaction(within, async (trx) => {
    await trx
      .insertInto("testimonials")
      .values({
        id,
        name: input.name,
        email: input.email,
        rating: input.rating,
        quote: input.quote,
        context: input.context,
        tags: JSON.stringify(input.tags),
        written_by: input.writtenBy,
        approved: 0,
        verified: 0,
        created_at: now.toISOString(),
        approved_at: null,
        spam_signals: markColumn(signals),
        heard_from: input.heard ?? null,
      })
      .execute();
    await countStored(trx, "review", input.heard, now);
    await queueDeliveries(trx, "review", id, now);
  });
  if (!within) nudgeDeliveryWorker();
  return id;
}

/** A review's state in SQL, as `stateOf` reads it in code (the schema's comment on TestimonialTable). */
export const stateSql = sql<ReviewState>`case when approved = 1 then 'published' when decline_reason is null then 'pending' else 'declined' end`;

/** A review's state, from the two columns that hold it (the schema's comment on TestimonialTable). */
export function stateOf(row: Pick<Selectable<TestimonialTable>, "approved" | "decline_reason">): ReviewState {
  return Number(row.approved) === 1 ? "published" : row.decline_reason ? "declined" : "pending";
}

export function inState(state: ReviewState) {
  return (eb: ExpressionBuilder<Database, "testimonials">) =>
    state === "published"
      ? eb("approved", "=", 1)
      : eb.and([eb("approved", "=", 0), eb("decline_reason", state === "declined" ? "is not" : "is", null)]);
}

/**
 * One decision on one review, with its line in the audit log, in one transaction. The audit line
 * names the decision and what it replaced ("was declined: duplicate"), so a changed mind shows.
 */
async function decide(
  staff: Staff,
  id: string,
  within: Executor | undefined,
  decision: (row: Selectable<TestimonialTable>, trx: Executor) => Promise<{ action: string; detail?: string } | null>,
): Promise<boolean> {
  return inTransaction(within, async (trx) => {
    const row = await trx.selectFrom("testimonials").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) return false;
    const audit = await decision(row, trx);
    if (audit) await recordAudit(staff, audit.action, "testimonial", id, audit.detail, trx);
    return true;
  });
}

function was(row: Selectable<TestimonialTable>) {
  const state = stateOf(row);
  return state === "declined" ? `was not published: ${row.decline_reason}` : `was ${state}`;
}

/** Publish: a pending review, or one declined before (staff changed the decision). */
export function publishReview(staff: Staff, id: string, within?: Executor): Promise<boolean> {
  return decide(staff, id, within, async (row, trx) => {
    if (Number(row.approved) === 1) return null;
    await trx
      .updateTable("testimonials")
      .set({
        approved: 1,
        approved_at: new Date().toISOString(),
        decline_reason: null,
        decline_note: null,
        declined_at: null,
      })
      .where("id", "=", id)
      .execute();
    return { action: "publish", detail: was(row) };
  });
}

/** Not published, with a reason from the fixed list: declined when pending, unpublished when live, or a changed reason. */
export function declineReview(
  staff: Staff,
  id: string,
  reason: ReviewDeclineReason,
  note: string | null,
  within?: Executor,
): Promise<boolean> {
  return decide(staff, id, within, async (row, trx) => {
    await trx
      .updateTable("testimonials")
      .set({
        approved: 0,
        approved_at: null,
        decline_reason: reason,
        decline_note: note,
        declined_at: new Date().toISOString(),
      })
      .where("id", "=", id)
      .execute();
    const state = stateOf(row);
    const action = state === "published" ? "unpublish" : state === "declined" ? "change-reason" : "decline";
    return { action, detail: `reason: ${reason}${state === "declined" ? `; ${was(row)}` : ""}` };
  });
}

/** Staff confirmed the reviewer is a customer (for example from the order records). */
export function setVerified(staff: Staff, id: string, verified: boolean, within?: Executor): Promise<boolean> {
  return decide(staff, id, within, async (_row, trx) => {
    await trx
      .updateTable("testimonials")
      .set({ verified: verified ? 1 : 0 })
      .where("id", "=", id)
      .execute();
    return { action: verified ? "mark-verified" : "unmark-verified" };
  });
}

/** The company's one public reply: posted, or replaced by an edit. */
export function setReply(staff: Staff, id: string, reply: string, within?: Executor): Promise<boolean> {
  return decide(staff, id, within, async (row, trx) => {
    if (row.reply === reply) return null;
    await trx
      .updateTable("testimonials")
      .set({ reply, reply_at: new Date().toISOString(), reply_by: staff.username })
      .where("id", "=", id)
      .execute();
    return { action: row.reply ? "reply-edited" : "reply-posted" };
  });
}

export function removeReply(staff: Staff, id: string): Promise<boolean> {
  return decide(staff, id, undefined, async (row, trx) => {
    if (!row.reply) return null;
    await trx
      .updateTable("testimonials")
      .set({ reply: null, reply_at: null, reply_by: null })
      .where("id", "=", id)
      .execute();
    return { action: "reply-removed" };
  });
}

/**
 * Deleted for good: its words, its writer and its deliveries go; a removal row (dates and reason,
 * nothing personal) stays so the ledger still counts it as received and not published. A delete
 * that gives no reason (the JSON API's) keeps the reason staff already recorded for not publishing
 * it, rather than counting a "Duplicate" as deleted without one.
 */
export function deleteReview(staff: Staff, id: string, given: ReviewDeclineReason | null = null): Promise<boolean> {
  return decide(staff, id, undefined, async (row, trx) => {
    const reason = given ?? row.decline_reason;
    await trx
      .insertInto("review_removals")
      .values({ id, reason, received_at: row.created_at, removed_at: new Date().toISOString() })
      .execute();
    await dropDeliveries(trx, ["review"], [id]);
    await trx.deleteFrom("testimonials").where("id", "=", id).execute();
    return { action: "delete", detail: `reason: ${reason ?? "none given"}; ${was(row)}` };
  });
}
