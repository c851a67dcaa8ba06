import { type Kysely, sql, type Transaction } from "kysely";
import type { Database } from "#db/schema";
import { recordAudit } from "~/lib/audit.server";
import { csvDownload, toCsv } from "~/lib/csv";
import { db } from "~/lib/db.server";
import type { LeadColumns, LeadDatabase, LeadFilter, LeadKindDefinition } from "~/lib/lead-kind";
import { nudgeDeliveryWorker } from "~/lib/outbox/delivery.server";
import { countFailing, deliveriesOf, dropDeliveries, retryDeliveries, retryFailing } from "~/lib/outbox/queue.server";
import { officeTime, replyDueView } from "~/lib/reply-promises.server";
import { possibleSpamFilter, readMark, wantsMarked } from "~/lib/spam-mark";
import type { Staff } from "~/lib/staff";

/**
 * The staff side of every kind of lead, written once (docs/requirements.md §4.8): the list with its
 * filter and counts, a lead's page, the export, deleting and the deliveries. A kind says only what
 * is its own (app/lib/lead-kind.ts).
 */

/** The shared queries' view of the database: every lead table has the common columns. */
export function leadsDb(): Kysely<LeadDatabase> {
  return db() as unknown as Kysely<LeadDatabase>;
}

/** The list's filter as the address carries it: status and mark for every kind, then the kind's own fields. */
export function parseLeadFilter<Row extends LeadColumns, Filter extends LeadFilter>(
  kind: LeadKindDefinition<Row, Filter>,
  params: URLSearchParams,
): Filter {
  const status = params.get("status");
  return {
    ...kind.parseFilter(params),
    status: kind.statuses.find((s) => s === status),
    mark: wantsMarked(params) ? possibleSpamFilter : undefined,
  } as Filter;
}

function filtered<Row extends LeadColumns, Filter extends LeadFilter>(
  kind: LeadKindDefinition<Row, Filter>,
  filter: Filter,
) {
  let query = leadsDb().selectFrom(kind.table);
  if (filter.status) query = query.where("status", "=", filter.status);
  if (filter.mark) query = query.where("spam_signals", "is not", null);
  return query.where((eb) => kind.narrow(eb, filter) ?? eb.lit(true));
}

export const leadsPageSize = 50;

/** Newest first, with each lead's delivery state summarised: the kind's list columns, and no more. */
export async function listLeads<Row extends LeadColumns, Filter extends LeadFilter>(
  kind: LeadKindDefinition<Row, Filter>,
  filter: Filter,
  page = 1,
  now = new Date(),
) {
  const rows = (await filtered(kind, filter)
    .select(kind.listColumns as string[])
    .orderBy("received_at", "desc")
    .orderBy("id", "desc")
    .limit(leadsPageSize + 1)
    .offset((page - 1) * leadsPageSize)
    .execute()) as unknown as Row[];
  const shown = rows.slice(0, leadsPageSize);
  const deliveries = await deliveriesOf(
    kind.outbox,
    shown.map((r) => r.id),
  );
  return {
    leads: shown.map((lead) => ({
      ...lead,
      due: replyDueView(lead, now),
      answeredText: lead.first_reply_at ? officeTime(lead.first_reply_at) : null,
      mark: readMark(lead.spam_signals),
      deliveries: deliveries
        .filter((d) => d.ref_id === lead.id)
        .map((d) => ({ kind: d.kind, channel: d.channel, status: d.status, lastError: d.last_error })),
    })),
    hasMore: rows.length > leadsPageSize,
    counts: await countByStatus(kind),
    failing: await countFailing(kind.outbox),
  };
}

/** How many leads are in each of the kind's statuses, whatever the filter. */
export async function countByStatus<Row extends LeadColumns, Filter extends LeadFilter>(
  kind: LeadKindDefinition<Row, Filter>,
): Promise<Record<Row["status"], number>> {
  const counts = await leadsDb()
    .selectFrom(kind.table)
    .select((eb) => ["status", eb.fn.countAll<number>().as("n")])
    .groupBy("status")
    .execute();
  return Object.fromEntries(
    kind.statuses.map((status) => [status, Number(counts.find((c) => c.status === status)?.n ?? 0)]),
  ) as Record<Row["status"], number>;
}

/** Leads nobody has taken up yet, and those of them marked as possible spam: the admin tabs show both. */
export async function countOpenLeads<Row extends LeadColumns, Filter extends LeadFilter>(
  kind: LeadKindDefinition<Row, Filter>,
): Promise<{ new: number; marked: number }> {
  const row = await leadsDb()
    .selectFrom(kind.table)
    .select([sql<number>`count(*)`.as("n"), sql<number>`count(spam_signals)`.as("marked")])
    .where("status", "=", kind.statuses[0]!)
    .executeTakeFirstOrThrow();
  return { new: Number(row.n), marked: Number(row.marked) };
}

/** A lead with every stored field, and its deliveries; undefined when there is no such lead. */
export async function getLead<Row extends LeadColumns, Filter extends LeadFilter>(
  kind: LeadKindDefinition<Row, Filter>,
  id: string,
) {
  const lead = (await leadsDb().selectFrom(kind.table).selectAll().where("id", "=", id).executeTakeFirst()) as
    Row | undefined;
  if (!lead) return undefined;
  const deliveries = await deliveriesOf(kind.outbox, [id]);
  return { lead: { ...lead, mark: readMark(lead.spam_signals) }, deliveries };
}

/** Every stored field of the leads the filter keeps, newest first, for the CSV export. */
export async function exportLeads<Row extends LeadColumns, Filter extends LeadFilter>(
  kind: LeadKindDefinition<Row, Filter>,
  filter: Filter,
): Promise<Row[]> {
  return (await filtered(kind, filter)
    .selectAll()
    .orderBy("received_at", "desc")
    .orderBy("id", "desc")
    .execute()) as unknown as Row[];
}

/** The export as staff download it: the kind's columns as it names them, and an audit line saying what was taken. */
export async function exportLeadsCsv<Row extends LeadColumns, Filter extends LeadFilter>(
  staff: Staff,
  kind: LeadKindDefinition<Row, Filter>,
  url: URL,
): Promise<Response> {
  const rows = await exportLeads(kind, parseLeadFilter(kind, url.searchParams));
  const csv = toCsv(
    [...kind.exportHeaders],
    rows.map((row) => kind.exportRow(row)),
  );
  await recordAudit(
    staff,
    "exported",
    kind.table,
    null,
    `${rows.length} rows as CSV${url.search ? ` (${url.search})` : ""}.`,
  );
  return csvDownload(csv, kind.exportName);
}

export async function deleteLead<Row extends LeadColumns, Filter extends LeadFilter>(
  staff: Staff,
  kind: LeadKindDefinition<Row, Filter>,
  id: string,
) {
  const deleted = await leadsDb()
    .transaction()
    .execute(async (trx) => {
      await dropDeliveries(trx as unknown as Transaction<Database>, kind.outbox, [id]);
      const result = await trx.deleteFrom(kind.table).where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    });
  if (deleted) await recordAudit(staff, "delete", kind.entity, id);
  return deleted;
}

export async function retryLeadDelivery<Row extends LeadColumns, Filter extends LeadFilter>(
  staff: Staff,
  kind: LeadKindDefinition<Row, Filter>,
  id: string,
) {
  await retryDeliveries(kind.outbox, id);
  await recordAudit(staff, "retry-delivery", kind.entity, id);
  nudgeDeliveryWorker();
}

/** Every failing delivery of the kind's leads, tried again at once; returns how many. */
export async function retryFailedLeadDeliveries<Row extends LeadColumns, Filter extends LeadFilter>(
  staff: Staff,
  kind: LeadKindDefinition<Row, Filter>,
): Promise<number> {
  const count = await retryFailing(kind.outbox);
  await recordAudit(staff, "retry-deliveries", kind.entity, null, `${count} failing deliveries queued again.`);
  nudgeDeliveryWorker();
  return count;
}
