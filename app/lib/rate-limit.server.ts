import { sql } from "kysely";
import { db } from "./db.server";

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the current window ends. */
  retryAfter: number;
  count: number;
}

/**
 * Counts one event for `key`, in the database so every instance shares the count, and decides
 * with a sliding window: this window's count plus the previous window's, weighted by how much of
 * it still overlaps the last `windowSeconds`. (A plain fixed window would let a burst straddling
 * the boundary through at twice the limit.)
 */
export async function hitRateLimit(key: string, limit: number, windowSeconds: number, now = Date.now()): Promise<RateLimitResult> {
  const nowSeconds = now / 1000;
  const windowStart = Math.floor(nowSeconds / windowSeconds) * windowSeconds;
  const row = await db()
    .insertInto("rate_limits")
    .values({ key, window_start: windowStart, count: 1 })
    .onConflict((oc) => oc.columns(["key", "window_start"]).doUpdateSet({ count: sql`rate_limits.count + 1` }))
    .returning("count")
    .executeTakeFirstOrThrow();
  const previous = await db()
    .selectFrom("rate_limits")
    .select("count")
    .where("key", "=", key)
    .where("window_start", "=", windowStart - windowSeconds)
    .executeTakeFirst();
  const overlap = 1 - (nowSeconds - windowStart) / windowSeconds;
  const count = Number(row.count) + Number(previous?.count ?? 0) * overlap;
  return { allowed: count <= limit, retryAfter: Math.max(1, Math.ceil(windowStart + windowSeconds - nowSeconds)), count };
}

/** Windows that ended more than a day ago are of no further use. */
export async function purgeRateLimits(now = Date.now()) {
  await db()
    .deleteFrom("rate_limits")
    .where("window_start", "<", Math.floor(now / 1000) - 86_400)
    .execute();
}
