// What staff moderate from: every review by state or search, the counts beside the tabs, and Move to Spam.
import { sql } from "kysely";
import type { Staff } from "~/lib/staff";
import { dropDeliveries } from "~/lib/outbox/queue.server";
import { db } from "~/lib/db.server";
import { containing } from "~/lib/search";
import { readMark } from "~/lib/spam-mark";
import { moveToSpam } from "~/lib/spam.server";
import { countWaitingAndMarked } from "~/lib/spam-mark.server";
import { parseJson } from "~/lib/json";
import { toPublic } from "./list.server";
import { inState, stateOf, stateSql } from "./store.server";
import type { ModeratedReview, ReviewState } from "./types";

/** Everything, pending first, then published, then not published; optionally one state, searched by name, text or email address. */
export async function listAllReviews(
  search?: string,
  limit = 200,
  state?: ReviewState,
  markedOnly = false,
): Promise<ModeratedReview[]> {
  let query = db().selectFrom("testimonials").selectAll();
  const term = search?.trim();
  if (term) {
    const like = containing(term.toLowerCase());
    query = query.where((eb) =>
      eb.or(["name", "quote", "email"].map((column) => eb(sql`lower(${sql.ref(column)})`, "like", like))),
    );
  }
  if (state) query = query.where(inState(state));
  if (markedOnly) query = query.where("spam_signals", "is not", null);
  const rows = await query
    .orderBy(sql`case ${stateSql} when 'pending' then 0 when 'published' then 1 else 2 end`)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    ...toPublic(row),
    email: row.email,
    approved: Number(row.approved) === 1,
    approvedAt: row.approved_at,
    state: stateOf(row),
    declineReason: row.decline_reason,
    declineNote: row.decline_note,
    declinedAt: row.declined_at,
    replyBy: row.reply_by,
    spamMark: readMark(row.spam_signals),
    heard: row.heard_from,
  }));
}

/**
 * Reviews awaiting moderation, and those of them marked as possible spam: the admin tabs show both,
 * and the filter the second. One light count, where `countByState` groups every review.
 */
export async function countAwaitingModeration(): Promise<{ pending: number; marked: number }> {
  const { waiting, marked } = await countWaitingAndMarked("testimonials", inState("pending"));
  return { pending: waiting, marked };
}

/**
 * "Move to Spam", for a review awaiting moderation only: a published or declined one has been
 * counted on the public ledger, and leaves it through a decision with a reason. The review goes
 * to the spam store as the form sent it (no removal is counted: to the ledger it was never a
 * review), and "Not spam" brings it back to moderation.
 */
export function moveReviewToSpam(staff: Staff, id: string): Promise<boolean> {
  return moveToSpam(staff, "review", "testimonial", id, async (trx) => {
    const review = await trx
      .deleteFrom("testimonials")
      .where("id", "=", id)
      .where(inState("pending"))
      .returningAll()
      .executeTakeFirst();
    if (!review) return undefined;
    await dropDeliveries(trx, ["review"], [id]);
    const payload: Record<string, unknown> = {
      name: review.name,
      email: review.email,
      rating: review.rating,
      quote: review.quote,
      context: review.context,
      tags: parseJson<unknown>(review.tags, []),
      writtenBy: review.written_by,
      heard: review.heard_from,
    };
    return { payload, receivedAt: review.created_at, signals: readMark(review.spam_signals) };
  });
}

export async function countByState(): Promise<Record<ReviewState, number>> {
  const rows = await db()
    .selectFrom("testimonials")
    .select((eb) => [eb.fn.countAll<number>().as("n"), stateSql.as("state")])
    .groupBy(stateSql)
    .execute();
  const count = (state: ReviewState) => Number(rows.find((r) => r.state === state)?.n ?? 0);
  return { pending: count("pending"), published: count("published"), declined: count("declined") };
}
