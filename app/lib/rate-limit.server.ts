import { sql } from "kysely";
import { db } from "./db.server";

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the current window ends. */
  retryAfter: number;
  count: number;
}

/**
 * Counts one event for `key` in a fixed window, in the database, so every instance shares the
 * count. One statement: insert the first hit or add one to the window's count.
 */
export async function hitRateLimit(key: string, limit: number, windowSeconds: number, now = Date.now()): Promise<RateLimitResult> {
  const nowSeconds = Math.floor(now / 1000);
  const windowStart = nowSeconds - (nowSeconds % windowSeconds);
  const row = await db()
    .insertInto("rate_limits")
    .values({ key, window_start: windowStart, count: 1 })
    .onConflict((oc) => oc.columns(["key", "window_start"]).doUpdateSet({ count: sql`rate_limits.count + 1` }))
    .returning("count")
    .executeTakeFirstOrThrow();
  const count = Number(row.count);
  return { allowed: count <= limit, retryAfter: windowStart + windowSeconds - nowSeconds, count };
}

/** Windows that ended more than a day ago are of no further use. */
export async function purgeRateLimits(now = Date.now()) {
  await db()
    .deleteFrom("rate_limits")
    .where("window_start", "<", Math.floor(now / 1000) - 86_400)
    .execute();
}
