import { sql } from "kysely";
import { db, type Executor } from "./db.server";

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
 * the boundary through at twice the limit.) Inside a caller's transaction (`within`), the count
 * stands or falls with what it guards, and concurrent hits on one key wait for each other.
 */
export async function hitRateLimit(
  key: string,
  limit: number,
  windowSeconds: number,
  now = Date.now(),
  within?: Executor,
): Promise<RateLimitResult> {
  const executor = within ?? db();
  const nowSeconds = now / 1000;
  const windowStart = Math.floor(nowSeconds / windowSeconds) * windowSeconds;
  const row = await executor
    .insertInto("rate_limits")
    .values({ key, window_start: windowStart, count: 1 })
    .onConflict((oc) => oc.columns(["key", "window_start"]).doUpdateSet({ count: sql`rate_limits.count + 1` }))
    .returning("count")
    .executeTakeFirstOrThrow();
  const previous = await executor
    .selectFrom("rate_limits")
    .select("count")
    .where("key", "=", key)
    .where("window_start", "=", windowStart - windowSeconds)
    .executeTakeFirst();
  const overlap = 1 - (nowSeconds - windowStart) / windowSeconds;
  const count = Number(row.count) + Number(previous?.count ?? 0) * overlap;
  return {
    allowed: count <= limit,
    retryAfter: Math.max(1, Math.ceil(windowStart + windowSeconds - nowSeconds)),
    count,
  };
}

/** A day: the longest window a count may use (the purge below keeps what it needs). */
export const dayWindowSeconds = 86_400;

/**
 * Windows that started more than two days ago are of no further use: a day-long count still reads
 * the window before the current one.
 */
export async function purgeRateLimits(now = Date.now()) {
  await db()
    .deleteFrom("rate_limits")
    .where("window_start", "<", Math.floor(now / 1000) - 2 * dayWindowSeconds)
    .execute();
}

/**
 * Takes back one event counted by `hitRateLimit` in the window `now` falls in: a limit that counts
 * only failures reserves a try before the check, so that tries sent at once cannot all pass it
 * unseen, and gives the try back when it succeeds.
 */
export async function releaseRateLimit(key: string, windowSeconds: number, now = Date.now(), within?: Executor) {
  const windowStart = Math.floor(now / 1000 / windowSeconds) * windowSeconds;
  await (within ?? db())
    .updateTable("rate_limits")
    .set({ count: sql`case when count > 0 then count - 1 else 0 end` })
    .where("key", "=", key)
    .where("window_start", "=", windowStart)
    .execute();
}
