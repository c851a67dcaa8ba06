import { createHash } from "node:crypto";
import { type Kysely, sql } from "kysely";
import { createDatabase, migrateToLatest } from "./client.server";
import type { Database } from "./schema";

/**
 * Copies every table from one database to another (typically the embedded SQLite file to
 * PostgreSQL when the company outgrows one machine), in one transaction on the target, then
 * proves the copy: the row count and a checksum of every table must match on both sides.
 */
/** Every table with its key; a table added to `Database` without an entry here does not compile. */
const tableKeys: { readonly [Table in keyof Database]: ReadonlyArray<keyof Database[Table] & string> } = {
  accounts: ["id"],
  sessions: ["id_hash"],
  recovery_codes: ["code_hash"],
  invitations: ["id_hash"],
  passkeys: ["id"],
  passkey_challenges: ["challenge"],
  testimonials: ["id"],
  review_removals: ["id"],
  contact_messages: ["id"],
  order_requests: ["id"],
  lead_replies: ["id"],
  lead_answers: ["id"],
  lead_answer_files: ["id"],
  lead_notes: ["id"],
  mailbox_claims: ["key"],
  outbox: ["id"],
  spam: ["id"],
  rate_limits: ["key", "window_start"],
  sign_in_failures: ["id"],
  sign_in_devices: ["id_hash"],
  audit_log: ["id"],
  idempotency_keys: ["endpoint", "key"],
  site_secrets: ["name"],
  reply_templates: ["topic"],
  saved_replies: ["id"],
  digest_days: ["day"],
  digests: ["id"],
  response_figures: ["kind"],
  visit_counts: ["day", "page", "channel", "source", "medium", "campaign"],
  form_counts: ["day", "form", "event"],
  content_items: ["key"],
  content_versions: ["key", "version"],
  content_drafts: ["key"],
  claim_reviews: ["id"],
  held_posts: ["id_hash"],
  uploads: ["id"],
  upload_files: ["path"],
};
const tables = (Object.keys(tableKeys) as Array<keyof Database>).map((name) => ({
  name,
  key: tableKeys[name] as readonly string[],
}));

export interface TableReport {
  table: string;
  rows: number;
  checksum: string;
}

function canonical(row: Record<string, unknown>): string {
  // Both dialects return numbers for integer columns (bigints would arrive as strings from pg).
  const keys = Object.keys(row).sort();
  // A file's bytes count by their own digest: the same in both dialects, and short.
  return JSON.stringify(keys.map((k) => [k, canonicalValue(row[k])]));
}

function canonicalValue(value: unknown): unknown {
  if (typeof value === "bigint") return Number(value);
  if (value instanceof Uint8Array) return `sha256:${createHash("sha256").update(value).digest("hex")}`;
  return value;
}

export async function tableReports(db: Kysely<Database>): Promise<TableReport[]> {
  const reports: TableReport[] = [];
  for (const table of tables) {
    let query = db.selectFrom(table.name).selectAll();
    for (const key of table.key) query = query.orderBy(sql.ref(key));
    const rows = await query.execute();
    const hash = createHash("sha256");
    for (const row of rows) hash.update(canonical(row as Record<string, unknown>)).update("\n");
    reports.push({ table: table.name, rows: rows.length, checksum: hash.digest("hex").slice(0, 16) });
  }
  return reports;
}

export async function copyDatabase(fromUrl: string, toUrl: string, batchSize = 500) {
  // A copy of a large site reads and writes for minutes: no statement time limit.
  const source = createDatabase(fromUrl, { queryLimits: false });
  const target = createDatabase(toUrl, { queryLimits: false });
  try {
    await migrateToLatest(source.db);
    await migrateToLatest(target.db);
    for (const table of tables) {
      const existing = await target.db
        .selectFrom(table.name)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      if (Number(existing.n) > 0)
        throw new Error(`The target's ${table.name} table is not empty; copy into an empty database.`);
    }
    await target.db.transaction().execute(async (trx) => {
      for (const table of tables) {
        const rows = await source.db.selectFrom(table.name).selectAll().execute();
        for (let i = 0; i < rows.length; i += batchSize) {
          await trx
            .insertInto(table.name)
            .values(rows.slice(i, i + batchSize) as never)
            .execute();
        }
      }
    });
    const [from, to] = await Promise.all([tableReports(source.db), tableReports(target.db)]);
    const mismatched = from.filter((report, i) => report.rows !== to[i]?.rows || report.checksum !== to[i]?.checksum);
    return { from, to, verified: mismatched.length === 0, mismatched: mismatched.map((m) => m.table) };
  } finally {
    await Promise.all([source.close(), target.close()]);
  }
}
