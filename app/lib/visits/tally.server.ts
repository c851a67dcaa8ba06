import { sql } from "kysely";
import type { FormCountTable, SubmissionKind, VisitCountTable } from "#db/schema";
import { keptCountMonths } from "~/content/privacy";
import { company } from "~/content/site";
import { db, type Executor } from "~/lib/db.server";
import { monthsBefore } from "~/lib/format";
import { log } from "~/lib/logger.server";
import { otherValue, type VisitOrigin } from "./sources.server";

/**
 * Counts in memory, written to the database every few seconds in one statement per table, each
 * row adding to the day's total (so every instance adds its own). A crash loses at most the
 * counts since the last write; nothing else depends on them. Nothing here knows who anyone is:
 * a view is a day, a page and where the visit came from (docs/decisions/029).
 */

/** The most different values of a source, medium or campaign kept per day; more are counted as "other". */
export const maxValuesPerDay = 50;
/** The most different rows held in memory between two writes; more are counted under "other". */
const maxPendingRows = 20_000;
/** Rows per statement: well under SQLite's and PostgreSQL's limits on bound values. */
const rowsPerStatement = 500;

const separator = "\u0001";

const dayFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: company.businessHours.timeZone,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The day (YYYY-MM-DD) in the company's time zone: the days staff read the counts by. */
export function dayOf(at: number): string {
  return dayFormat.format(at);
}

/** The day a count was made on, worked out once a minute rather than for every view. */
function createDayClock() {
  let minute = -1;
  let day = "";
  return (at: number) => {
    const m = Math.floor(at / 60_000);
    if (m !== minute) {
      minute = m;
      day = dayOf(at);
    }
    return day;
  };
}

export interface FormEvent {
  form: SubmissionKind;
  /** "step-N" (the order form's steps, counted from the browser), "stored" or "heard:<answer>" (from the data). */
  event: string;
}

type CampaignField = "source" | "medium" | "campaign";
type ViewRow = VisitCountTable;
type EventRow = FormCountTable;

/**
 * Adds form counts to their day's rows, in one statement: the tally's steps, and a stored
 * submission's counts in the transaction that stores it (./stored.server.ts).
 */
export async function addFormCounts(executor: Executor, rows: readonly EventRow[]) {
  await executor
    .insertInto("form_counts")
    .values(rows)
    .onConflict((oc) =>
      oc.columns(["day", "form", "event"]).doUpdateSet({ count: sql`form_counts.count + excluded.count` }),
    )
    .execute();
}

function viewKey(row: Omit<ViewRow, "views">): string {
  return [row.day, row.page, row.channel, row.source, row.medium, row.campaign].join(separator);
}
const campaignFields: CampaignField[] = ["source", "medium", "campaign"];

export function createVisitTally({ now = Date.now }: { now?: () => number } = {}) {
  const dayAt = createDayClock();
  let views = new Map<string, ViewRow>();
  /**
   * The views counted since the last write, found by the origin object and the page: a reader of
   * origins hands out the same object for the same referrer (views.server.ts), so the busiest path
   * (the same kind of visit to the same page, thousands of times a second) adds one to a row
   * without building a key. Moved into `views`, keyed by value, at each write.
   */
  let recent = { day: "", rows: 0, byOrigin: new Map<VisitOrigin | "internal", Map<string, ViewRow>>() };
  let events = new Map<string, EventRow>();
  /** Per day, the values of each field already written: a new one is kept only while there are fewer than the cap. */
  const known = new Map<string, Map<CampaignField, Set<string>>>();
  let writing: Promise<void> | undefined;
  let failing = false;

  function addView(row: ViewRow, into = views) {
    let key = viewKey(row);
    if (into.size >= maxPendingRows && !into.has(key)) {
      row = { ...row, source: otherValue, medium: "", campaign: "" };
      key = viewKey(row);
    }
    const held = into.get(key);
    if (held) held.views += row.views;
    else into.set(key, { ...row });
  }

  function addEvent(row: EventRow) {
    const key = [row.day, row.form, row.event].join(separator);
    const held = events.get(key);
    if (held) held.count += row.count;
    else if (events.size < maxPendingRows) events.set(key, { ...row });
  }

  async function knownValues(day: string): Promise<Map<CampaignField, Set<string>>> {
    let sets = known.get(day);
    if (sets) return sets;
    const rows = await db()
      .selectFrom("visit_counts")
      .select(["source", "medium", "campaign"])
      .distinct()
      .where("day", "=", day)
      .where("channel", "!=", "internal")
      .execute();
    sets = new Map(campaignFields.map((field) => [field, new Set(rows.map((row) => row[field]))]));
    known.set(day, sets);
    // Only today's and yesterday's are needed (a write just after midnight).
    for (const old of known.keys()) if (old < day && known.size > 2) known.delete(old);
    return sets;
  }

  /** A value as written: itself while the day has room for it, else "other". */
  function fold(sets: Map<CampaignField, Set<string>>, field: CampaignField, value: string): string {
    if (value === "" || value === otherValue) return value;
    const set = sets.get(field)!;
    if (set.has(value)) return value;
    if (set.size >= maxValuesPerDay) return otherValue;
    set.add(value);
    return value;
  }

  /** Moves the recent views into `views`, where rows are found by their values. */
  function settleRecent() {
    for (const pages of recent.byOrigin.values()) for (const row of pages.values()) addView(row);
    recent = { day: "", rows: 0, byOrigin: new Map() };
  }

  async function write() {
    settleRecent();
    const pendingViews = views;
    const pendingEvents = events;
    views = new Map();
    events = new Map();
    if (pendingViews.size === 0 && pendingEvents.size === 0) return;
    try {
      const merged = new Map<string, ViewRow>();
      for (const row of pendingViews.values()) {
        const sets = await knownValues(row.day);
        addView(
          {
            ...row,
            source: fold(sets, "source", row.source),
            medium: fold(sets, "medium", row.medium),
            campaign: fold(sets, "campaign", row.campaign),
          },
          merged,
        );
      }
      const viewRows = [...merged.values()];
      const eventRows = [...pendingEvents.values()];
      await db()
        .transaction()
        .execute(async (trx) => {
          for (let i = 0; i < viewRows.length; i += rowsPerStatement)
            await trx
              .insertInto("visit_counts")
              .values(viewRows.slice(i, i + rowsPerStatement))
              .onConflict((oc) =>
                oc
                  .columns(["day", "page", "channel", "source", "medium", "campaign"])
                  .doUpdateSet({ views: sql`visit_counts.views + excluded.views` }),
              )
              .execute();
          for (let i = 0; i < eventRows.length; i += rowsPerStatement)
            await addFormCounts(trx, eventRows.slice(i, i + rowsPerStatement));
        });
      if (failing) log.info("visit counts are being written again");
      failing = false;
    } catch (error) {
      // Kept for the next write (the database may be away for a moment); bounded like any count.
      for (const row of pendingViews.values()) addView(row);
      for (const row of pendingEvents.values()) addEvent(row);
      if (!failing) log.warn("visit counts could not be written; they are kept in memory and tried again", { error });
      failing = true;
    }
  }

  return {
    /** One view of a public page (`page` as the route manifest writes it). */
    countView(page: string, origin: VisitOrigin | "internal", at = now()) {
      const day = dayAt(at);
      if (day !== recent.day || recent.rows >= maxPendingRows) {
        settleRecent();
        recent.day = day;
      }
      let pages = recent.byOrigin.get(origin);
      if (!pages) {
        pages = new Map();
        recent.byOrigin.set(origin, pages);
      }
      const row = pages.get(page);
      if (row) row.views += 1;
      else {
        recent.rows += 1;
        pages.set(
          page,
          origin === "internal"
            ? { day, page, channel: "internal", source: "", medium: "", campaign: "", views: 1 }
            : { day, page, ...origin, views: 1 },
        );
      }
    },
    /** One event of a form (a step reached), counted with the views. */
    countFormEvent({ form, event }: FormEvent, at = now()) {
      addEvent({ day: dayAt(at), form, event, count: 1 });
    },
    /** Writes what has been counted since the last write; one write at a time. */
    async flush() {
      while (writing) await writing;
      writing = write().finally(() => (writing = undefined));
      await writing;
    },
    /** Counts not yet written (tests, metrics). */
    pending() {
      settleRecent();
      return { views: views.size, events: events.size };
    },
  };
}

export type VisitTally = ReturnType<typeof createVisitTally>;

/** The process's tally: the server counts views into it, the order form's beacon its steps. */
export const visitTally = createVisitTally();

/** Writes the tally every `flushMs` until stopped; stopping writes what is left. */
export function startVisitCounting(flushMs: number, tally: VisitTally = visitTally) {
  const timer = setInterval(() => void tally.flush(), flushMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await tally.flush();
    },
  };
}

/** Drops counts older than the months /privacy states (the daily purge). */
export async function purgeOldCounts(now = new Date()) {
  const day = dayOf(Date.parse(monthsBefore(now, keptCountMonths)));
  await db().deleteFrom("visit_counts").where("day", "<", day).execute();
  await db().deleteFrom("form_counts").where("day", "<", day).execute();
}
