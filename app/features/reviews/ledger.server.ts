// The public ledger: what became of every review received, from the tallies the database keeps.
import { type ReviewDeclineReason, reviewDeclineReasons } from "#db/schema";
import { db } from "~/lib/db.server";
import type { ReviewLedger } from "./types";

/** review_tallies is kept by the database itself, so it is not in the schema that copies and exports walk. */
interface ReviewTallyTable {
  approved: number;
  /** '' when the review has no reason (pending or published). */
  decline_reason: string;
  rating: number;
  verified: number;
  n: number;
}
const tallies = () => db().withTables<{ review_tallies: ReviewTallyTable }>();

/** How many reviews are published, from the tallies: a few rows, whatever the number of reviews. */
export async function countPublished(): Promise<number> {
  const row = await tallies()
    .selectFrom("review_tallies")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("n"), eb.lit(0)).as("n"))
    .where("approved", "=", 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The public ledger: how many reviews were received and what became of each, and how the
 * published ones rate the cushion. Every count comes from review_tallies, which the database
 * keeps in step with the rows (migration 0011), and from the removals; the average and the
 * distribution are over every published review and never filtered, by rating or anything else
 * (FTC 16 CFR 465.7).
 */
export async function getReviewLedger(): Promise<ReviewLedger> {
  const [groups, removals] = await Promise.all([
    tallies()
      .selectFrom("review_tallies")
      .select(["approved", "decline_reason", "rating", "verified", "n"])
      .where("n", ">", 0)
      .execute(),
    db()
      .selectFrom("review_removals")
      .select(["reason", (eb) => eb.fn.countAll<number>().as("n")])
      .groupBy("reason")
      .execute(),
  ]);
  const byRating = new Map<number, number>();
  const byReason = new Map<ReviewDeclineReason | null, number>();
  let published = 0;
  let verified = 0;
  let pending = 0;
  let ratingTotal = 0;
  for (const group of groups) {
    const n = Number(group.n);
    if (Number(group.approved) === 1) {
      const rating = Number(group.rating);
      published += n;
      ratingTotal += rating * n;
      if (Number(group.verified) === 1) verified += n;
      byRating.set(rating, (byRating.get(rating) ?? 0) + n);
    } else if (group.decline_reason) {
      const reason = group.decline_reason as ReviewDeclineReason;
      byReason.set(reason, (byReason.get(reason) ?? 0) + n);
    } else pending += n;
  }
  for (const removal of removals) byReason.set(removal.reason, (byReason.get(removal.reason) ?? 0) + Number(removal.n));
  const reasons = [...reviewDeclineReasons, null]
    .map((reason) => ({ reason, count: byReason.get(reason) ?? 0 }))
    .filter((r) => r.count > 0);
  const notPublished = reasons.reduce((sum, r) => sum + r.count, 0);
  return {
    average: published === 0 ? 0 : Math.round((ratingTotal / published) * 10) / 10,
    published,
    verified,
    distribution: Array.from({ length: 10 }, (_, i) => 10 - i).map((rating) => ({
      rating,
      count: byRating.get(rating) ?? 0,
    })),
    received: published + pending + notPublished,
    pending,
    notPublished,
    reasons,
  };
}
