import { sql } from "kysely";
import { reviewStateLabels } from "~/content/review-labels";
import { monthsBefore } from "~/lib/format";
import { db, type Executor } from "~/lib/db.server";
import { log } from "~/lib/logger.server";
import { parseJson } from "~/lib/json";
import type { PersonalDataSource } from "~/lib/personal-data.server";
import { dropDeliveries } from "~/lib/outbox/queue.server";
import { stateOf } from "./store.server";

/**
 * Reviews, as stored personal data. Deleting one (a request, or retention) leaves a removal row
 * with its reason and dates and nothing personal, so the public ledger's counts never shrink.
 *
 * Retention: a review not published is deleted `reviewMonths` after the decision, counted under
 * its reason. A published review stays published (the writer agreed to that, and can ask for it
 * to be removed), but the email address given with it, used only to check the writer, is erased
 * `reviewMonths` after publication.
 */
export const reviewPersonalData: PersonalDataSource = {
  label: "reviews",
  outboxKinds: ["review"],

  async find(email, from) {
    const rows = await from
      .selectFrom("testimonials")
      .selectAll()
      .where(sql`lower(email)`, "=", email)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .execute();
    return rows.map((row) => ({
      id: row.id,
      at: row.created_at,
      summary: `Review, ${row.rating} out of 10, ${reviewStateLabels[stateOf(row)].toLowerCase()}`,
      href: `/admin/testimonials?q=${encodeURIComponent(row.email)}`,
      data: { ...row, tags: parseJson<unknown>(row.tags, row.tags) },
    }));
  },

  erase: removeReviews,

  async purgeExpired(config, now) {
    const cutoff = monthsBefore(now, config.retention.reviewMonths);
    const removed = await db()
      .transaction()
      .execute(async (trx) => {
        const expired = await trx
          .selectFrom("testimonials")
          .select("id")
          .where("approved", "=", 0)
          .where("decline_reason", "is not", null)
          .where("declined_at", "<", cutoff)
          .execute();
        const ids = expired.map((row) => row.id);
        await dropDeliveries(trx, ["review"], ids);
        return removeReviews(ids, trx, now);
      });
    const cleared = await db()
      .updateTable("testimonials")
      .set({ email: "" })
      .where("approved", "=", 1)
      .where("email", "!=", "")
      .where(sql<string>`coalesce(approved_at, created_at)`, "<", cutoff)
      .executeTakeFirst();
    const erased = Number(cleared.numUpdatedRows);
    if (removed || erased)
      log.info("applied review retention", { removed, addressesErased: erased, months: config.retention.reviewMonths });
    return removed + erased;
  },
};

/**
 * Deletes these reviews, each leaving a removal row that keeps it counted as received on the
 * ledger: a review not published keeps the reason it was not published for; one that was
 * published or waiting is counted as removed at the writer's request. Returns how many went.
 */
async function removeReviews(ids: readonly string[], trx: Executor, now: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await trx
    .selectFrom("testimonials")
    .select(["id", "created_at", "approved", "decline_reason"])
    .where("id", "in", ids)
    .execute();
  if (rows.length === 0) return 0;
  await trx
    .insertInto("review_removals")
    .values(
      rows.map((row) => ({
        id: row.id,
        reason: Number(row.approved) === 1 ? ("reviewer-request" as const) : (row.decline_reason ?? "reviewer-request"),
        received_at: row.created_at,
        removed_at: now.toISOString(),
      })),
    )
    .execute();
  const result = await trx.deleteFrom("testimonials").where("id", "in", ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}
