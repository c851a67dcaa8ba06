import { type BusinessCalendar, businessCalendar } from "./business-calendar.server";
import { company } from "~/content/site";
import { type ExpressionBuilder, type Kysely, sql } from "kysely";
import { db } from "./db.server";
import type { LeadDatabase, LeadKindDefinition, LeadKinds } from "./lead-kind";
import { log } from "./logger.server";
import type { DueState, ReplyDueView } from "./reply-due";

/**
 * What the site promises about replies (docs/requirements.md §4.8): each kind of lead states its
 * promise in business days (`promise` in app/lib/lead-kind.ts), and a lead is dated by it when it
 * is stored.
 */

/** A kind as its due times need it: its promise, and where it is stored. */
type PromisedKind = Pick<LeadKindDefinition, "promise">;
type StoredKind = Pick<LeadKindDefinition, "promise" | "table">;

export interface ReplyDue {
  /** When the promise falls due, ISO 8601 UTC. */
  dueAt: string;
  /** When the lead is late beyond the promise's outer bound. */
  lateAt: string;
}

/** The due and late times of a lead that arrived at `arrivedAt`, stored with it and never moved. */
export function replyDue(
  kind: PromisedKind,
  arrivedAt: Date,
  calendar: BusinessCalendar = businessCalendar(),
): ReplyDue {
  const { promise } = kind;
  const after = (days: number) => calendar.addBusinessHours(arrivedAt, days * calendar.dayHours).toISOString();
  return { dueAt: after(promise.dueDays), lateAt: after(promise.lateDays) };
}

const hourMs = 3_600_000;

/**
 * `replyDue` for many leads at once, exactly the same, asking the calendar about each hour leads
 * arrived in rather than about each lead (it takes about 0.2 ms a question, so 100,000 leads took
 * over half a minute). The office opens and closes on the hour, so within one hour of arrival the
 * due times are either all the same (the office is closed: all are due from its next opening) or
 * move with the arrival (it is open). Its first and last moments say which (an opening or closing
 * within the hour would move them by something else); an hour that fits neither (a zone whose
 * offset is not whole hours) is asked about lead by lead.
 */
export function replyDueByHour(kind: PromisedKind, calendar: BusinessCalendar = businessCalendar()) {
  const hours = new Map<number, (at: number) => ReplyDue>();
  const exact = (at: number) => replyDue(kind, new Date(at), calendar);
  return (arrivedAt: Date): ReplyDue => {
    const at = arrivedAt.getTime();
    const start = Math.floor(at / hourMs) * hourMs;
    let within = hours.get(start);
    if (!within) {
      const first = exact(start);
      const last = exact(start + hourMs - 1);
      const moved = [
        Date.parse(last.dueAt) - Date.parse(first.dueAt),
        Date.parse(last.lateAt) - Date.parse(first.lateAt),
      ];
      if (moved.every((ms) => ms === 0)) within = () => first;
      else if (moved.every((ms) => ms === hourMs - 1)) {
        const [due, late] = [Date.parse(first.dueAt), Date.parse(first.lateAt)];
        within = (moment) => ({
          dueAt: new Date(due + moment - start).toISOString(),
          lateAt: new Date(late + moment - start).toISOString(),
        });
      } else within = exact;
      hours.set(start, within);
    }
    return within(at);
  };
}

/** The columns a lead is stored with. */
export function replyDueColumns(kind: PromisedKind, arrivedAt: Date) {
  const { dueAt, lateAt } = replyDue(kind, arrivedAt);
  return { reply_due_at: dueAt, reply_late_at: lateAt };
}

/** The lead tables as these queries see them: every one has the common columns. */
function leadsDb(): Kysely<LeadDatabase> {
  return db() as unknown as Kysely<LeadDatabase>;
}

/**
 * A lead still waiting for its first answer: new, with no reply or call recorded. The queue, the
 * overdue count and the dating of old leads all mean this, and say it here once.
 */
export function stillWaiting(eb: ExpressionBuilder<LeadDatabase, string>) {
  return eb.and([eb("status", "=", "new"), eb("first_reply_at", "is", null)]);
}

/**
 * A lead waiting on staff, dated: for its first reply (`stillWaiting`, with a due time), or for an
 * answer to the visitor's emailed answer (decision 035). Today's work, its overdue count and the
 * digest list these.
 */
export function waitingOnUs(eb: ExpressionBuilder<LeadDatabase, string>) {
  return eb.or([eb.and([stillWaiting(eb), eb("reply_due_at", "is not", null)]), eb("answer_due_at", "is not", null)]);
}

/** When a lead waiting on staff is due: for the visitor's answer when one waits, else for its first reply. */
export const dueAtOfWaiting = sql<string>`coalesce(answer_due_at, reply_due_at)`;

/** Leads dated per transaction. */
const batchSize = 1_000;

export interface DatingOptions {
  /** How often a progress line is logged while it runs. */
  progressEveryMs?: number;
}

/**
 * Dates the leads stored before due times were (migration 0020) that still wait for their first
 * reply, from when each arrived: once, at a start, by today's calendar, before the server listens.
 * Only those need one: the queue, the digest and the overdue count list new leads with no reply,
 * and a lead reopened later is dated then (`dateReopenedLead`). A lead answered, handled or
 * closed before the upgrade keeps no due time, and the public reply figures leave it out, neither
 * kept nor broken: when it was answered was never recorded.
 *
 * In batches, each one transaction of one select and one update, logging how far it has got, so
 * an upgrade with a large backlog shows progress rather than a silent start (docs/deploy.md,
 * "Upgrading"). Returns how many it dated.
 */
export async function dateUndatedLeads(
  leadKinds: LeadKinds,
  { progressEveryMs = 2_000 }: DatingOptions = {},
): Promise<number> {
  const kinds = Object.values(leadKinds);
  // Still waiting: new, with no reply or call recorded (the queue's own test), and no due time.
  const waiting = (table: string) => leadsDb().selectFrom(table).where(stillWaiting).where("reply_due_at", "is", null);
  const totals = await Promise.all(
    kinds.map(async (kind) =>
      Number(
        (
          await waiting(kind.table)
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ),
  );
  const total = totals.reduce((sum, n) => sum + n, 0);
  if (total === 0) return 0;
  const started = Date.now();
  log.info("dating the leads stored before due times, before listening", { total, batchSize });
  let dated = 0;
  let loggedAt = started;
  for (const kind of kinds) {
    const table = kind.table;
    const dueOf = replyDueByHour(kind);
    for (;;) {
      const done = await leadsDb()
        .transaction()
        .execute(async (trx) => {
          const rows = await trx
            .selectFrom(table)
            .select(["id", "received_at"])
            .where(stillWaiting)
            .where("reply_due_at", "is", null)
            .limit(batchSize)
            .execute();
          if (rows.length === 0) return undefined;
          const values = rows.map((row) => {
            const due = dueOf(new Date(row.received_at));
            return sql`(${row.id}, ${due.dueAt}, ${due.lateAt})`;
          });
          // One statement for the batch; a VALUES list's columns are column1… on both databases.
          const result = await sql`update ${sql.table(table)}
            set reply_due_at = v.column2, reply_late_at = v.column3
            from (values ${sql.join(values)}) as v
            where ${sql.ref(`${table}.id`)} = v.column1 and ${sql.ref(`${table}.reply_due_at`)} is null`.execute(trx);
          return Number(result.numAffectedRows ?? 0);
        });
      // None left; or none of a batch taken, which would repeat forever: the rest wait for the next start.
      if (done === undefined || done === 0) break;
      dated += done;
      if (Date.now() - loggedAt >= progressEveryMs) {
        loggedAt = Date.now();
        log.info("dating the leads stored before due times", { done: dated, total });
      }
    }
  }
  log.info("leads stored before due times were dated from when they arrived", {
    dated,
    ms: Date.now() - started,
  });
  return dated;
}

/**
 * Dates a lead reopened (set back to new) if it has no due time, as a lead stored before due
 * times and handled then reopened has not: from when it arrived, so it takes its place in the
 * queue.
 */
export async function dateReopenedLead(kind: StoredKind, id: string): Promise<void> {
  const table = kind.table;
  const row = await leadsDb()
    .selectFrom(table)
    .select("received_at")
    .where("id", "=", id)
    .where("reply_due_at", "is", null)
    .executeTakeFirst();
  if (!row) return;
  await leadsDb()
    .updateTable(table)
    .set(replyDueColumns(kind, new Date(row.received_at)))
    .where("id", "=", id)
    .where("reply_due_at", "is", null)
    .execute();
}

/** A moment as staff read it, on the office's clock and naming its zone ("Mon, Nov 23, 4:30 PM EST"). */
export function officeTime(iso: string, timeZone = company.businessHours.timeZone): string {
  return new Intl.DateTimeFormat("en-US", {
    timeZone,
    weekday: "short",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(new Date(iso));
}

/**
 * How a lead stands against its promise at `now`, for a lead still waiting for its reply (a new
 * message or order request with no reply yet); undefined once it is answered or has moved on, or
 * if it has no due time. Computed
 * on the server, so the page reads the same before and after it hydrates.
 */
export function replyDueView(
  lead: {
    status: string;
    reply_due_at: string | null;
    reply_late_at: string | null;
    first_reply_at: string | null;
    answer_due_at?: string | null;
    answer_late_at?: string | null;
  },
  now = new Date(),
  timeZone = company.businessHours.timeZone,
): ReplyDueView | undefined {
  const answer = Boolean(lead.answer_due_at);
  const dueAt = answer ? lead.answer_due_at! : lead.reply_due_at;
  const lateAt = answer ? lead.answer_late_at : lead.reply_late_at;
  if (!answer && (lead.status !== "new" || lead.first_reply_at)) return undefined;
  if (!dueAt) return undefined;
  const due = new Date(dueAt);
  const late = new Date(lateAt ?? dueAt);
  const day = (moment: Date) => new Intl.DateTimeFormat("en-CA", { timeZone }).format(moment);
  const state: DueState =
    now > late && late > due ? "late" : now > due ? "overdue" : day(now) === day(due) ? "today" : "later";
  return { state, dueText: officeTime(dueAt, timeZone), waitingFor: answer ? "answer" : "first-reply" };
}
