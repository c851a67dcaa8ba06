import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { SpamKind } from "../../db/schema";
import { db, type Executor, inTransaction } from "./db.server";
import type { SpamReason } from "./forms";
import { parseJson } from "./json";
import { log } from "./logger.server";
import { normalEmail, type PersonalDataSource } from "./personal-data.server";
import { containing } from "./search";

/**
 * The spam store: submissions that passed validation but look automated, kept apart from reviews
 * and messages so no public list or delivery can ever reach them. Staff release or delete them
 * from the admin Spam view. Bounded twice: rows older than SPAM_RETENTION_DAYS are purged daily,
 * and past `maxRows` the oldest are dropped as new ones arrive, so a flood cannot fill the disk.
 */

export interface SpamItem {
  id: string;
  kind: SpamKind;
  payload: Record<string, unknown>;
  reasons: SpamReason[];
  receivedAt: string;
}

function toItem(row: { id: string; kind: SpamKind; payload: string; reasons: string; received_at: string }): SpamItem {
  return { id: row.id, kind: row.kind, payload: parseJson(row.payload, {}), reasons: parseJson(row.reasons, []), receivedAt: row.received_at };
}

/** Stores a suspected-spam submission, then trims the store to `maxRows`, newest kept. */
export async function quarantine(kind: SpamKind, payload: Record<string, unknown>, reasons: SpamReason[], maxRows: number, now = new Date()): Promise<string> {
  const id = randomUUID();
  await db()
    .insertInto("spam")
    .values({ id, kind, payload: JSON.stringify(payload), reasons: JSON.stringify(reasons), received_at: now.toISOString() })
    .execute();
  log.info("submission quarantined as suspected spam", { kind, id, reasons: reasons.map((r) => r.code).join(",") });
  await trimSpam(maxRows);
  return id;
}

/** Drops the oldest rows beyond `maxRows` (the newest `maxRows` stay). */
export async function trimSpam(maxRows: number): Promise<number> {
  const edge = await db().selectFrom("spam").select(["received_at", "id"]).orderBy("received_at", "desc").orderBy("id", "desc").limit(1).offset(maxRows).executeTakeFirst();
  if (!edge) return 0;
  const result = await db()
    .deleteFrom("spam")
    .where((eb) => eb.or([eb("received_at", "<", edge.received_at), eb.and([eb("received_at", "=", edge.received_at), eb("id", "<=", edge.id)])]))
    .executeTakeFirst();
  const removed = Number(result.numDeletedRows);
  if (removed) log.warn("spam store over its cap; the oldest were dropped", { removed, maxRows });
  return removed;
}

export async function listSpam(limit = 200): Promise<SpamItem[]> {
  const rows = await db().selectFrom("spam").selectAll().orderBy("received_at", "desc").orderBy("id", "desc").limit(limit).execute();
  return rows.map(toItem);
}

export async function countSpam(): Promise<number> {
  const row = await db().selectFrom("spam").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Removes one item inside the caller's transaction and returns it (undefined: already gone). */
export async function takeSpam(id: string, trx?: Executor): Promise<SpamItem | undefined> {
  return inTransaction(trx, async (t) => {
    const row = await t.selectFrom("spam").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) return undefined;
    const result = await t.deleteFrom("spam").where("id", "=", id).executeTakeFirst();
    // Another instance released or deleted it between the two statements.
    return Number(result.numDeletedRows) === 1 ? toItem(row) : undefined;
  });
}

export async function purgeOldSpam(retentionDays: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000).toISOString();
  const result = await db().deleteFrom("spam").where("received_at", "<", cutoff).executeTakeFirst();
  const removed = Number(result.numDeletedRows);
  if (removed) log.info("purged spam older than the retention period", { removed, days: retentionDays });
  return removed;
}

/** What a spam item's payload gave as the sender's address, normalised (or "" when none). */
function payloadEmail(item: SpamItem): string {
  return typeof item.payload.email === "string" ? normalEmail(item.payload.email) : "";
}

/**
 * The spam store, as stored personal data: found by the address in its payload, and deleted
 * `spamDays` after arrival. Nothing here is ever delivered, so it has no deliveries.
 */
export const spamPersonalData: PersonalDataSource = {
  label: "spam",
  outboxKinds: [],

  async find(email, from) {
    // The address is inside the stored JSON: narrow with LIKE, then compare the parsed field exactly.
    const rows = await from
      .selectFrom("spam")
      .selectAll()
      .where(sql`lower(payload)`, "like", containing(email))
      .orderBy("received_at", "desc")
      .orderBy("id", "desc")
      .execute();
    return rows
      .map(toItem)
      .filter((item) => payloadEmail(item) === email)
      .map((item) => ({
        id: item.id,
        at: item.receivedAt,
        summary: `Held as suspected spam (${item.kind})`,
        href: "/admin/spam",
        data: { id: item.id, kind: item.kind, received_at: item.receivedAt, payload: item.payload, reasons: item.reasons },
      }));
  },

  async erase(ids, trx) {
    const result = await trx.deleteFrom("spam").where("id", "in", ids).executeTakeFirst();
    return Number(result.numDeletedRows);
  },

  purgeExpired: (config, now) => purgeOldSpam(config.retention.spamDays, now),
};
