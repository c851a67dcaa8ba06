import { randomUUID } from "node:crypto";
import { type ExpressionBuilder, type Kysely, type SelectQueryBuilder, sql, type Transaction } from "kysely";
import type { Database, OutboxChannel, OutboxKind, OutboxTable } from "#db/schema";
import { type Config, getConfig } from "../config.server";
import { db, getDatabase } from "../db.server";

/**
 * The outbox: deliveries written in the same transaction as what they deliver, then sent by the
 * worker (delivery.server.ts) with retries. Features queue rows here; app/deliveries.server.ts
 * says, for every kind, how a row becomes an email or a forward.
 */

/** The staff channels configured now: email when SMTP is set, a JSON forward when its URL is set. */
export function configuredChannels(
  config: Config = getConfig(),
  forwardUrl = config.contactForwardUrl,
): OutboxChannel[] {
  const channels: OutboxChannel[] = [];
  if (config.smtp) channels.push("email");
  if (forwardUrl) channels.push("forward");
  return channels;
}

/**
 * Queues the deliveries for something just stored, inside the caller's transaction: either both
 * the record and its deliveries exist, or neither. With no channel configured, one row records
 * that the item is stored only (staff read it in the admin inbox).
 */
export async function queueDeliveries(
  trx: Transaction<Database> | Kysely<Database>,
  kind: OutboxKind,
  refId: string,
  now = new Date(),
  channels = configuredChannels(),
) {
  const at = now.toISOString();
  const rows = (channels.length ? channels : (["none"] as OutboxChannel[])).map((channel) => ({
    id: randomUUID(),
    kind,
    ref_id: refId,
    channel,
    status: channel === "none" ? ("stored_only" as const) : ("pending" as const),
    attempts: 0,
    next_attempt_at: at,
    locked_until: null,
    last_error: null,
    created_at: at,
    sent_at: null,
  }));
  await trx.insertInto("outbox").values(rows).execute();
  return rows;
}

/**
 * Claims one due item for this process for `leaseMs`. The claim is a single conditional UPDATE,
 * so two instances can never both claim an item; on PostgreSQL, SKIP LOCKED lets them pass over
 * each other's rows instead of waiting.
 */
export async function claimDueItem(now = new Date(), leaseMs = 60_000) {
  const at = now.toISOString();
  const lease = new Date(now.getTime() + leaseMs).toISOString();
  const { dialect } = getDatabase();
  const lock = dialect === "postgres" ? sql`for update skip locked` : sql``;
  const result = await sql<OutboxTable>`
    update outbox set locked_until = ${lease}, attempts = attempts + 1
    where id = (
      select id from outbox
      where status = 'pending' and next_attempt_at <= ${at} and (locked_until is null or locked_until < ${at})
      order by next_attempt_at, created_at
      limit 1
      ${lock}
    )
    and (locked_until is null or locked_until < ${at})
    returning *`.execute(db());
  return result.rows[0];
}

export const maxAttempts = 8;

/** 30 s, 1 min, 2 min, … capped at an hour. */
export function backoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

export async function markSent(id: string, now = new Date()) {
  await db()
    .updateTable("outbox")
    .set({ status: "sent", sent_at: now.toISOString(), locked_until: null, last_error: null })
    .where("id", "=", id)
    .execute();
}

/**
 * Records a failed try, only while this try's lease is the row's: an outcome recorded late (the
 * database was away) after another instance claimed the row again, or sent it, must not put it
 * back as pending, or it would be sent once more.
 */
export async function markFailedAttempt(
  item: Pick<OutboxTable, "id" | "attempts" | "locked_until">,
  error: string,
  now = new Date(),
) {
  const finalFailure = item.attempts >= maxAttempts;
  await db()
    .updateTable("outbox")
    .set({
      status: finalFailure ? "failed" : "pending",
      last_error: error.slice(0, 500),
      locked_until: null,
      next_attempt_at: new Date(now.getTime() + backoffMs(item.attempts)).toISOString(),
    })
    .where("id", "=", item.id)
    .where("status", "=", "pending")
    .where((eb) =>
      item.locked_until === null ? eb("locked_until", "is", null) : eb("locked_until", "=", item.locked_until),
    )
    .execute();
}

/**
 * Staff asked to try again: due now, attempts reset. A row that an instance is sending at this
 * moment (its lease has not run out) is left to that instance, or the email would go twice.
 * Returns how many rows were set to go again.
 */
export async function retryDeliveries(
  kind: OutboxKind | readonly OutboxKind[],
  refId: string,
  now = new Date(),
): Promise<number> {
  const at = now.toISOString();
  const result = await db()
    .updateTable("outbox")
    .set({ status: "pending", attempts: 0, next_attempt_at: at, locked_until: null })
    .where("kind", "in", typeof kind === "string" ? [kind] : kind)
    .where("ref_id", "=", refId)
    .where("status", "in", ["failed", "pending"])
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", at)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The delivery rows of these records, oldest first per kind: what the admin shows beside each one (read through `from`, a transaction or the database). */
export async function deliveriesOf(
  kinds: readonly OutboxKind[],
  refIds: readonly string[],
  from: Kysely<Database> = db(),
): Promise<OutboxTable[]> {
  if (refIds.length === 0 || kinds.length === 0) return [];
  return from
    .selectFrom("outbox")
    .selectAll()
    .where("kind", "in", kinds)
    .where("ref_id", "in", refIds)
    .orderBy("kind")
    .orderBy("created_at")
    .execute();
}

/**
 * Removes the delivery rows of records being deleted, inside the caller's transaction, so no row
 * is left for a record that is gone. `refIds` may be a subquery selecting the records' ids.
 */
export async function dropDeliveries(
  trx: Transaction<Database>,
  kinds: readonly OutboxKind[],
  refIds: readonly string[] | SelectQueryBuilder<Database, keyof Database, { id: string }>,
): Promise<number> {
  if (kinds.length === 0 || (Array.isArray(refIds) && refIds.length === 0)) return 0;
  const result = await trx
    .deleteFrom("outbox")
    .where("kind", "in", kinds)
    .where("ref_id", "in", refIds)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Deliveries of these kinds that are failing: given up on after every attempt, or still being
 * retried after an error. Both need a person to look (the mail server refused, a forward is down).
 */
function isFailing(eb: ExpressionBuilder<Database, "outbox">) {
  return eb.and([
    eb("channel", "!=", "none"),
    eb.or([eb("status", "=", "failed"), eb.and([eb("status", "=", "pending"), eb("last_error", "is not", null)])]),
  ]);
}

/** How many deliveries of these kinds are failing now. */
export async function countFailing(kinds: readonly OutboxKind[]): Promise<number> {
  if (kinds.length === 0) return 0;
  const row = await db()
    .selectFrom("outbox")
    .where("kind", "in", kinds)
    .where(isFailing)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Staff asked to retry every failing delivery of these kinds at once: each is due now with its
 * attempts reset, as `retryDeliveries` does for one record. A row being sent at this moment is
 * left to the instance sending it. Returns how many were set to go again.
 */
export async function retryFailing(kinds: readonly OutboxKind[], now = new Date()): Promise<number> {
  if (kinds.length === 0) return 0;
  const at = now.toISOString();
  const result = await db()
    .updateTable("outbox")
    .set({ status: "pending", attempts: 0, next_attempt_at: at, locked_until: null })
    .where("kind", "in", kinds)
    .where(isFailing)
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", at)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
