import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { type SpamKind, spamKinds } from "#db/schema";
import { recordAudit } from "./audit.server";
import { db, type Executor, inTransaction } from "./db.server";
import type { SpamReason } from "./forms";
import { parseJson } from "./json";
import { log } from "./logger.server";
import { normalEmail, type PersonalDataSource } from "./personal-data.server";
import { containing } from "./search";
import type { Staff } from "./staff";
import { uncountStored } from "./visits/stored.server";

/**
 * The spam store: submissions that passed validation and carried certain evidence of a program
 * (a filled honeypot), kept apart from reviews and messages so no public list or delivery can ever
 * reach them, and those staff moved here. Staff release or delete them from the admin Spam view.
 * Bounded twice: rows older than SPAM_RETENTION_DAYS are purged daily, and at `maxRows` new
 * submissions are refused (the sender is told so) rather than any row that was already answered
 * being dropped (docs/requirements.md §4.3).
 */

export interface SpamItem {
  id: string;
  kind: SpamKind;
  payload: Record<string, unknown>;
  reasons: SpamReason[];
  receivedAt: string;
}

function toItem(row: { id: string; kind: SpamKind; payload: string; reasons: string; received_at: string }): SpamItem {
  return {
    id: row.id,
    kind: row.kind,
    payload: parseJson(row.payload, {}),
    reasons: parseJson(row.reasons, []),
    receivedAt: row.received_at,
  };
}

/**
 * Stores a held submission while the store has fewer than `maxRows`; returns its id, or undefined
 * when the store is full and nothing was stored. The count and the insert are one statement, so
 * two instances cannot both take the last place by much.
 */
export async function holdAsSpam(
  kind: SpamKind,
  payload: Record<string, unknown>,
  reasons: SpamReason[],
  maxRows: number,
  now = new Date(),
): Promise<string | undefined> {
  const id = randomUUID();
  const result = await sql`insert into spam (id, kind, payload, reasons, received_at)
    select ${id}, ${kind}, ${JSON.stringify(payload)}, ${JSON.stringify(reasons)}, ${now.toISOString()}
    where (select count(*) from spam) < ${maxRows}`.execute(db());
  if (Number(result.numAffectedRows ?? 0) === 0) {
    log.warn("spam store full: a held submission was refused, nothing already stored was dropped", { kind, maxRows });
    return undefined;
  }
  log.info("submission held as spam", { kind, id, reasons: reasons.map((r) => r.code).join(",") });
  return id;
}

/** What a stored submission leaves when staff move it to the spam store: its fields as sent, when it came, and its mark. */
export interface TakenForSpam {
  payload: Record<string, unknown>;
  receivedAt: string;
  signals: SpamReason[];
}

/**
 * Staff's "Move to Spam", for every kind: inside one transaction `take` removes the stored row
 * (one DELETE … RETURNING, so of two moves at once only one finds it) and its deliveries (a notice
 * not yet sent is never sent) and hands back its payload, which goes
 * into the spam store with its mark and who moved it, so "Not spam" restores it by the same path
 * as a held submission; the audit line commits with it. False when the row is already gone.
 * The cap does not apply: it bounds what strangers can add, and a move adds nothing new.
 */
export async function moveToSpam(
  staff: Staff,
  kind: SpamKind,
  targetType: string,
  id: string,
  take: (trx: Executor) => Promise<TakenForSpam | undefined>,
): Promise<boolean> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const taken = await take(trx);
      if (!taken) return false;
      // No longer a lead: its counts leave with it (its answer to "How did you hear about us?" is in the payload).
      const heard = typeof taken.payload.heard === "string" ? taken.payload.heard : null;
      await uncountStored(trx, kind, heard, new Date(taken.receivedAt));
      const reasons: SpamReason[] = [
        ...taken.signals,
        { code: "moved-by-staff", detail: `Moved to Spam by ${staff.username}.` },
      ];
      await trx
        .insertInto("spam")
        .values({
          id: randomUUID(),
          kind,
          payload: JSON.stringify(taken.payload),
          reasons: JSON.stringify(reasons),
          received_at: taken.receivedAt,
        })
        .execute();
      await recordAudit(staff, "move-to-spam", targetType, id, undefined, trx);
      return true;
    });
}

/** The newest held items of the given kinds (a role sees only its own kinds). */
export async function listSpam(limit = 200, kinds: readonly SpamKind[] = spamKinds): Promise<SpamItem[]> {
  if (kinds.length === 0) return [];
  const rows = await db()
    .selectFrom("spam")
    .selectAll()
    .where("kind", "in", kinds)
    .orderBy("received_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map(toItem);
}

export async function countSpam(kinds: readonly SpamKind[] = spamKinds): Promise<number> {
  if (kinds.length === 0) return 0;
  const row = await db()
    .selectFrom("spam")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("kind", "in", kinds)
    .executeTakeFirstOrThrow();
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
        data: {
          id: item.id,
          kind: item.kind,
          received_at: item.receivedAt,
          payload: item.payload,
          reasons: item.reasons,
        },
      }));
  },

  async erase(ids, trx) {
    const result = await trx.deleteFrom("spam").where("id", "in", ids).executeTakeFirst();
    return Number(result.numDeletedRows);
  },

  purgeExpired: (config, now) => purgeOldSpam(config.retention.spamDays, now),
};
