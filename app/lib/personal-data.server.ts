import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, OutboxKind } from "#db/schema";
import { recordAudit } from "./audit.server";
import type { Config } from "./config.server";
import { db, type Executor } from "./db.server";
import { log } from "./logger.server";
import { deliveriesOf, dropDeliveries } from "./outbox/queue.server";
import type { Staff } from "./staff";

/**
 * What the site keeps about a person, kind by kind, for the three duties a privacy policy
 * promises: find everything stored for an email address, hand it over as a file or delete it all
 * at once (a request from the person), and delete what is past its retention period (the daily
 * purge). Each feature describes its own records with a `PersonalDataSource`; app/personal-data.server.ts
 * composes them, as deliveries.server.ts composes the outbox's kinds, and the functions here walk
 * whatever they are given.
 */

/** One record stored about a person, as staff see it in a data request and as the export writes it. */
export interface PersonalRecord {
  id: string;
  /** When it arrived, ISO-8601. */
  at: string;
  /** One line for the list, with no words the person wrote ("Order request AQ-7K3M-9QX2, new"). */
  summary: string;
  /** Where staff open it in the admin. */
  href: string;
  /** Every stored column, for the export. */
  data: Record<string, unknown>;
}

export interface PersonalDataSource {
  /** Plural, as the list and the audit line name them ("reviews"). */
  label: string;
  /** The outbox kinds whose rows deliver these records; they are found and removed with them. */
  outboxKinds: readonly OutboxKind[];
  /** Every record stored for this address (already normalised by `normalEmail`), newest first, read through `from`. */
  find(email: string, from: Kysely<Database>): Promise<PersonalRecord[]>;
  /** Deletes these records inside `trx` (their deliveries are removed by the caller); returns how many it deleted. */
  erase(ids: readonly string[], trx: Executor, now: Date): Promise<number>;
  /** Applies this kind's retention period; returns how many records were deleted or cleared. */
  purgeExpired(config: Config, now: Date): Promise<number>;
}

/** The kinds of stored personal data, written once: a kind without a source does not compile. */
export const personalDataKinds = ["reviews", "messages", "orders", "spam"] as const;
export type PersonalDataKind = (typeof personalDataKinds)[number];
export type PersonalDataSources = { readonly [K in PersonalDataKind]: PersonalDataSource };

/** Addresses are compared without surrounding spaces and case-insensitively (the forms accept ASCII addresses only). */
/**
 * What the audit log records a data request under: a digest of the address, never the address,
 * so a person's page can list the requests made for them, even after their data was deleted.
 */
export function addressKey(email: string): string {
  return createHash("sha256")
    .update(`data-request:${normalEmail(email)}`)
    .digest("hex")
    .slice(0, 32);
}

export function normalEmail(email: string): string {
  return email.trim().toLowerCase();
}

export interface FoundKind {
  kind: PersonalDataKind;
  label: string;
  records: PersonalRecord[];
  /** The delivery rows (emails and forwards) of these records. */
  deliveries: Array<{
    id: string;
    kind: OutboxKind;
    refId: string;
    channel: string;
    status: string;
    createdAt: string;
    sentAt: string | null;
  }>;
}

export interface FoundPersonalData {
  email: string;
  kinds: FoundKind[];
  /** Records of every kind, deliveries not counted. */
  total: number;
  /**
   * Which records these are (a hash of their kinds and ids): what staff confirm a deletion of,
   * so that a record arriving or going after they looked is never deleted unseen.
   */
  fingerprint: string;
}

/** Everything stored for `email`, kind by kind, read through `from` (a transaction, or the database). */
export async function findPersonalData(
  sources: PersonalDataSources,
  email: string,
  from: Kysely<Database> = db(),
): Promise<FoundPersonalData> {
  const address = normalEmail(email);
  const kinds: FoundKind[] = [];
  // One kind after another: inside a SQLite transaction there is one connection to share.
  for (const kind of personalDataKinds) {
    const source = sources[kind];
    const records = await source.find(address, from);
    const deliveries = await deliveriesOf(
      source.outboxKinds,
      records.map((r) => r.id),
      from,
    );
    kinds.push({
      kind,
      label: source.label,
      records,
      deliveries: deliveries.map((d) => ({
        id: d.id,
        kind: d.kind,
        refId: d.ref_id,
        channel: d.channel,
        status: d.status,
        createdAt: d.created_at,
        sentAt: d.sent_at,
      })),
    });
  }
  const ids = kinds.flatMap((k) => k.records.map((r) => `${k.kind}:${r.id}`)).sort();
  return {
    email: address,
    kinds,
    total: ids.length,
    fingerprint: createHash("sha256").update(ids.join("\n")).digest("hex").slice(0, 32),
  };
}

/** "2 reviews, 1 messages, 0 orders, 0 spam; 3 deliveries": counts only, never content or the address. */
function countsLine(found: FoundPersonalData): string {
  const deliveries = found.kinds.reduce((sum, k) => sum + k.deliveries.length, 0);
  return `${found.kinds.map((k) => `${k.label}: ${k.records.length}`).join(", ")}; deliveries: ${deliveries}`;
}

/**
 * The file a person receives: every stored field of every record, with its deliveries. Recorded
 * in the audit log by who exported it and the counts, not the address.
 */
export async function exportPersonalData(staff: Staff, sources: PersonalDataSources, email: string, now = new Date()) {
  const found = await findPersonalData(sources, email);
  await recordAudit(staff, "export-personal-data", "data_request", addressKey(found.email), countsLine(found));
  return {
    email: found.email,
    exportedAt: now.toISOString(),
    ...Object.fromEntries(
      found.kinds.map((k) => [
        k.kind,
        k.records.map((r) => ({
          ...r.data,
          deliveries: k.deliveries.filter((d) => d.refId === r.id).map(({ refId: _ref, ...d }) => d),
        })),
      ]),
    ),
  };
}

/** What the data-requests page shows of one record: its line and link, never its stored fields. */
export interface ListedRecord {
  id: string;
  at: string;
  summary: string;
  href: string;
  /** How many delivery records (emails and forwards) it has. */
  deliveries: number;
}

export interface ListedPersonalData {
  email: string;
  kinds: Array<{ kind: PersonalDataKind; label: string; records: ListedRecord[] }>;
  total: number;
  fingerprint: string;
}

/**
 * A data-request search as staff see it: each record's one line, link and count of deliveries,
 * and the fingerprint a deletion is confirmed against. What the records hold stays on the server
 * (the export hands it over, and opening a record shows it, each recorded in the audit log). The
 * search itself is recorded as a view of that person's data, with the counts and not the address.
 */
export async function listPersonalData(
  staff: Staff,
  sources: PersonalDataSources,
  email: string,
  purpose = "Data request searched",
): Promise<ListedPersonalData> {
  const found = await findPersonalData(sources, email);
  await recordAudit(staff, "viewed", "data_request", null, `${purpose}; ${countsLine(found)}`);
  return {
    email: found.email,
    total: found.total,
    fingerprint: found.fingerprint,
    kinds: found.kinds.map((k) => ({
      kind: k.kind,
      label: k.label,
      records: k.records.map((r) => ({
        id: r.id,
        at: r.at,
        summary: r.summary,
        href: r.href,
        deliveries: k.deliveries.filter((d) => d.refId === r.id).length,
      })),
    })),
  };
}

export type EraseResult =
  | { ok: true; erased: Record<PersonalDataKind, number>; deliveries: number }
  | { ok: false; changed: true; total: number };

/** Thrown inside the transaction when a delete removed fewer rows than were found: another request got there first. */
class ChangedMeanwhile extends Error {}

/**
 * Deletes everything stored for `email` in one transaction, with one audit line that says who did
 * it and how many of each kind (never what they said, nor the address). `seen` is the fingerprint
 * of the records staff were shown when they confirmed: if any record arrived or went since, or
 * another request (a release from spam, a second deletion, another instance) removes one while
 * this runs, nothing is deleted and staff are shown the list again.
 */
export async function erasePersonalData(
  staff: Staff,
  sources: PersonalDataSources,
  email: string,
  seen: string,
  now = new Date(),
): Promise<EraseResult> {
  const address = normalEmail(email);
  try {
    return await db()
      .transaction()
      .execute(async (trx) => {
        // On SQLite the transaction began with the write lock (db/client.server.ts), so a write by
        // another connection meanwhile waits for this one instead of making it fail.
        const found = await findPersonalData(sources, address, trx);
        if (found.fingerprint !== seen) return { ok: false as const, changed: true as const, total: found.total };
        let deliveries = 0;
        for (const kind of found.kinds) {
          const ids = kind.records.map((r) => r.id);
          if (ids.length === 0) continue;
          const source = sources[kind.kind];
          deliveries += await dropDeliveries(trx, source.outboxKinds, ids);
          if ((await source.erase(ids, trx, now)) !== ids.length) throw new ChangedMeanwhile();
        }
        if (deliveries !== found.kinds.reduce((sum, k) => sum + k.deliveries.length, 0)) throw new ChangedMeanwhile();
        await recordAudit(
          staff,
          "erase-personal-data",
          "data_request",
          addressKey(found.email),
          countsLine(found),
          trx,
        );
        const erased = Object.fromEntries(found.kinds.map((k) => [k.kind, k.records.length])) as Record<
          PersonalDataKind,
          number
        >;
        log.info("erased personal data on request", { ...erased, deliveries, by: staff.username });
        return { ok: true as const, erased, deliveries };
      });
  } catch (error) {
    if (!(error instanceof ChangedMeanwhile)) throw error;
    return { ok: false, changed: true, total: (await findPersonalData(sources, address)).total };
  }
}

/** The daily purge: every kind's retention period, one kind at a time; a failing kind does not stop the others. */
export async function purgeExpiredData(
  sources: PersonalDataSources,
  config: Config,
  now = new Date(),
): Promise<Record<PersonalDataKind, number>> {
  const removed = {} as Record<PersonalDataKind, number>;
  for (const kind of personalDataKinds) {
    try {
      removed[kind] = await sources[kind].purgeExpired(config, now);
    } catch (error) {
      removed[kind] = 0;
      log.error("retention purge failed", { kind, error });
    }
  }
  return removed;
}

/** The data requests made for an address (exported, deleted), who made them and when, newest first. */
export async function dataRequestsFor(email: string) {
  const rows = await db()
    .selectFrom("audit_log")
    .select(["action", "at", "username"])
    .where("target_type", "=", "data_request")
    .where("target_id", "=", addressKey(email))
    .orderBy("at", "desc")
    .execute();
  return rows.map((row) => ({
    what: row.action === "erase-personal-data" ? "Everything deleted" : "A copy exported",
    by: row.username,
    at: row.at,
  }));
}
