import { describeFigures, type Figures, figureWindowDays, type PublicFigures } from "./figures";
import { company } from "~/content/site";
import { db } from "~/lib/db.server";
import type { LeadKindDefinition, LeadKinds } from "~/lib/lead-kind";
import { leadsDb } from "./leads.server";

/**
 * How quickly the company answers (docs/requirements.md §4.8), computed from the stored replies
 * and never typed by hand, like the review ledger.
 *
 * The window is the last 90 days of arrivals. A lead counts once its promise has come due or it
 * has been answered, whichever is first: one that is not yet due and not yet answered has neither
 * kept nor broken the promise. The share is of those counted that were answered by their stored
 * due time; the median is of the business time to the first reply of those answered.
 */

export { figureWindowDays } from "./figures";

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
}

interface FigureRow {
  reply_due_at: string | null;
  first_reply_at: string | null;
  reply_minutes: number | null;
}

/** The figures of a set of leads, each already in the window. */
export function figuresOf(rows: readonly FigureRow[], now: Date): Figures {
  const at = now.toISOString();
  const counted = rows.filter((r) => r.first_reply_at !== null || (r.reply_due_at !== null && r.reply_due_at <= at));
  return {
    leads: counted.length,
    within: counted.filter((r) => r.first_reply_at && r.reply_due_at && r.first_reply_at <= r.reply_due_at).length,
    medianMinutes: median(counted.flatMap((r) => (r.reply_minutes === null ? [] : [r.reply_minutes]))),
  };
}

/** A kind as its figures need it: its word (the figures' key) and its table. */
type CountedKind = Pick<LeadKindDefinition, "kind" | "table">;

/** The figures of one kind of lead, now. */
export async function computeFigures(kind: CountedKind, now = new Date()): Promise<Figures> {
  const since = new Date(now.getTime() - figureWindowDays * 86_400_000).toISOString();
  const rows = await leadsDb()
    .selectFrom(kind.table)
    .select(["reply_due_at", "first_reply_at", "reply_minutes"])
    .where("received_at", ">=", since)
    .execute();
  return figuresOf(rows, now);
}

/**
 * Writes the figures the public pages read, only where they changed: the page cache hears of a
 * write and renders the page again. Run for a lead's kind after every reply, and for every kind on
 * the office clock's turn, as leads come due and the window moves.
 */
export async function refreshResponseFigures(kinds: Record<string, CountedKind>, now = new Date()): Promise<void> {
  for (const kind of Object.values(kinds)) {
    const figures = await computeFigures(kind, now);
    const stored = await db()
      .selectFrom("response_figures")
      .selectAll()
      .where("kind", "=", kind.kind)
      .executeTakeFirst();
    if (
      stored &&
      stored.leads === figures.leads &&
      stored.within === figures.within &&
      stored.median_minutes === figures.medianMinutes
    )
      continue;
    const values = { leads: figures.leads, within: figures.within, median_minutes: figures.medianMinutes };
    await db()
      .insertInto("response_figures")
      .values({ kind: kind.kind, ...values })
      .onConflict((oc) => oc.column("kind").doUpdateSet(values))
      .execute();
  }
}

/** The public figures of one kind, as last written. */
export async function publicFigures(kind: Pick<LeadKindDefinition, "kind" | "figures">): Promise<PublicFigures> {
  const row = await db().selectFrom("response_figures").selectAll().where("kind", "=", kind.kind).executeTakeFirst();
  return describeFigures(
    kind.figures,
    row ? { leads: row.leads, within: row.within, medianMinutes: row.median_minutes } : undefined,
  );
}

export interface FigureLine extends Figures {
  label: string;
}

/** How many calendar months the admin's table goes back, this one included. */
export const staffFigureMonths = 6;

/**
 * The same figures for staff: per calendar month of arrival (on the office's clock) for each kind
 * of lead, and per person over the public window, counting the leads each answered first.
 */
export async function staffFigures(leadKinds: LeadKinds, now = new Date(), timeZone = company.businessHours.timeZone) {
  const kinds = Object.values(leadKinds);
  const monthOf = (iso: string) =>
    new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "long" }).format(new Date(iso));
  const since = new Date(now);
  since.setUTCMonth(since.getUTCMonth() - staffFigureMonths, 1);
  const windowStart = new Date(now.getTime() - figureWindowDays * 86_400_000).toISOString();
  const [people, ...byKind] = await Promise.all([
    db().selectFrom("accounts").select(["id", "username"]).execute(),
    ...kinds.map((kind) =>
      leadsDb()
        .selectFrom(kind.table)
        .select(["received_at", "reply_due_at", "first_reply_at", "reply_minutes", "first_reply_by"])
        .where("received_at", ">=", since.toISOString())
        .orderBy("received_at", "desc")
        .execute(),
    ),
  ]);
  const months = kinds.map((kind, i) => {
    const rows = byKind[i]!;
    const labels = [...new Set(rows.map((r) => monthOf(r.received_at)))];
    return {
      kind: kind.kind,
      /** "Messages": the kind's figures' noun, as a heading starts. */
      title: kind.figures.noun.charAt(0).toUpperCase() + kind.figures.noun.slice(1),
      lines: labels.map((label): FigureLine => ({
        label,
        ...figuresOf(
          rows.filter((r) => monthOf(r.received_at) === label),
          now,
        ),
      })),
    };
  });
  const recent = byKind.flat().filter((r) => r.received_at >= windowStart && r.first_reply_by);
  const repliers = [...new Set(recent.map((r) => r.first_reply_by!))];
  const perPerson = repliers
    .map((id): FigureLine => ({
      label: people.find((p) => p.id === id)?.username ?? "(removed account)",
      ...figuresOf(
        recent.filter((r) => r.first_reply_by === id),
        now,
      ),
    }))
    .sort((a, b) => b.leads - a.leads || a.label.localeCompare(b.label));
  return { months, perPerson };
}
