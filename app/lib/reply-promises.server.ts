import { type BusinessCalendar, businessCalendar } from "./business-calendar.server";
import { company } from "~/content/site";
import { db } from "./db.server";
import type { DueState, LeadKind, ReplyDueView } from "./reply-due";

/**
 * What the site promises about replies (docs/requirements.md §4.8), in business days: a message
 * is due one business day after it arrives and late after two (the contact page's "1-2 business
 * days"); an order request's consultation call is due one business day after it arrives (the
 * order page's "within 24 hours"), with no second day's grace.
 */
export const replyPromises: Record<LeadKind, { dueDays: number; lateDays: number }> = {
  message: { dueDays: 1, lateDays: 2 },
  order: { dueDays: 1, lateDays: 1 },
};

export type { LeadKind };

export interface ReplyDue {
  /** When the promise falls due, ISO 8601 UTC. */
  dueAt: string;
  /** When the lead is late beyond the promise's outer bound. */
  lateAt: string;
}

/** The due and late times of a lead that arrived at `arrivedAt`, stored with it and never moved. */
export function replyDue(kind: LeadKind, arrivedAt: Date, calendar: BusinessCalendar = businessCalendar()): ReplyDue {
  const promise = replyPromises[kind];
  const after = (days: number) => calendar.addBusinessHours(arrivedAt, days * calendar.dayHours).toISOString();
  return { dueAt: after(promise.dueDays), lateAt: after(promise.lateDays) };
}

/** The columns a lead is stored with. */
export function replyDueColumns(kind: LeadKind, arrivedAt: Date) {
  const { dueAt, lateAt } = replyDue(kind, arrivedAt);
  return { reply_due_at: dueAt, reply_late_at: lateAt };
}

/** Where each kind of lead is stored. */
export const leadTables = { message: "contact_messages", order: "order_requests" } as const;

/**
 * Dates the leads stored before due times were (migration 0020), from when each arrived: once,
 * at a start, by today's calendar. Returns how many it dated.
 */
export async function dateUndatedLeads(): Promise<number> {
  let dated = 0;
  for (const kind of Object.keys(leadTables) as LeadKind[]) {
    const table = leadTables[kind];
    const rows = await db().selectFrom(table).select(["id", "received_at"]).where("reply_due_at", "is", null).execute();
    for (const row of rows) {
      await db()
        .updateTable(table)
        .set(replyDueColumns(kind, new Date(row.received_at)))
        .where("id", "=", row.id)
        .where("reply_due_at", "is", null)
        .execute();
      dated += 1;
    }
  }
  return dated;
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
  lead: { status: string; reply_due_at: string | null; reply_late_at: string | null; first_reply_at: string | null },
  now = new Date(),
  timeZone = company.businessHours.timeZone,
): ReplyDueView | undefined {
  if (lead.status !== "new" || lead.first_reply_at || !lead.reply_due_at) return undefined;
  const due = new Date(lead.reply_due_at);
  const late = new Date(lead.reply_late_at ?? lead.reply_due_at);
  const day = (moment: Date) => new Intl.DateTimeFormat("en-CA", { timeZone }).format(moment);
  const state: DueState =
    now > late && late > due ? "late" : now > due ? "overdue" : day(now) === day(due) ? "today" : "later";
  return { state, dueText: officeTime(lead.reply_due_at, timeZone) };
}
