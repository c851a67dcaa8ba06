import { sql } from "kysely";
import { heardAnswers, heardLabel } from "~/content/heard";
import { db } from "~/lib/db.server";
import { dayOf } from "~/lib/visits/tally.server";
import { formLabels, type Period, periods } from "./periods";

const channelLabels: Record<string, string> = {
  direct: "Direct (no referrer)",
  search: "Search",
  social: "Social media",
  email: "Email",
  site: "Another site",
  campaign: "Campaign link",
};

export function channelLabel(channel: string): string {
  return channelLabels[channel] ?? channel;
}

/** A day string `days` before `day` (both YYYY-MM-DD). */
function daysBefore(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() - days);
  return at.toISOString().slice(0, 10);
}

/** The first day of the month `months` before the month of `day`. */
function monthStartBefore(day: string, months: number): string {
  const at = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  at.setUTCMonth(at.getUTCMonth() - months);
  return at.toISOString().slice(0, 10);
}

/** All views, and those that began a visit (from anywhere but the site itself), summed over a query's rows. */
const viewsSum = sql<number>`coalesce(sum(views), 0)`;
const entriesSum = sql<number>`coalesce(sum(case when channel <> 'internal' then views else 0 end), 0)`;

/** The days a period covers, first and last, in the company's time zone. */
function periodDays(period: Period, now = new Date()): { from: string; to: string } {
  const to = dayOf(now.getTime());
  const chosen = periods.find((p) => p.value === period)!;
  return { from: chosen.days ? daysBefore(to, chosen.days - 1) : monthStartBefore(to, 12), to };
}

/**
 * What the Visits page shows for a period: every figure read from the daily counts
 * (visit_counts and form_counts), never from anything about a person.
 */
export async function visitReport(period: Period, orderSteps: ReadonlyArray<{ title: string }>, now = new Date()) {
  const { from, to } = periodDays(period, now);
  const views = db().selectFrom("visit_counts").where("day", ">=", from).where("day", "<=", to);
  const forms = db().selectFrom("form_counts").where("day", ">=", from).where("day", "<=", to);

  const [totals, byChannel, bySource, campaigns, pages, formEvents, months] = await Promise.all([
    views.select([viewsSum.as("views"), entriesSum.as("entries")]).executeTakeFirstOrThrow(),
    views
      .select(["channel", viewsSum.as("count")])
      .where("channel", "<>", "internal")
      .groupBy("channel")
      .orderBy("count", "desc")
      .orderBy("channel")
      .execute(),
    views
      .select(["channel", "source", viewsSum.as("count")])
      .where("channel", "not in", ["internal", "direct"])
      .groupBy(["channel", "source"])
      .orderBy("count", "desc")
      .orderBy("source")
      .limit(20)
      .execute(),
    views
      .select(["source", "medium", "campaign", viewsSum.as("count")])
      .where("channel", "<>", "internal")
      .where((eb) => eb.or([eb("medium", "<>", ""), eb("campaign", "<>", ""), eb("channel", "=", "campaign")]))
      .groupBy(["source", "medium", "campaign"])
      .orderBy("count", "desc")
      .orderBy("source")
      .limit(20)
      .execute(),
    views
      .select(["page", viewsSum.as("views"), entriesSum.as("entries")])
      .groupBy("page")
      .orderBy("views", "desc")
      .orderBy("page")
      .execute(),
    forms
      .select(["form", "event", sql<number>`coalesce(sum(count), 0)`.as("count")])
      .groupBy(["form", "event"])
      .execute(),
    monthByMonth(monthStartBefore(to, 12), to),
  ]);

  const event = (form: string, name: string) =>
    Number(formEvents.find((row) => row.form === form && row.event === name)?.count ?? 0);
  const orderViews = Number(pages.find((row) => row.page === "/order")?.views ?? 0);

  return {
    period,
    from,
    to,
    totals: { views: Number(totals.views), entries: Number(totals.entries) },
    channels: byChannel.map((row) => ({ label: channelLabel(row.channel), count: Number(row.count) })),
    sources: bySource.map((row) => ({
      label: row.source || "(unnamed)",
      channel: channelLabel(row.channel),
      count: Number(row.count),
    })),
    campaigns: campaigns.map((row) => ({
      source: row.source || "(none)",
      medium: row.medium || "(none)",
      campaign: row.campaign || "(none)",
      count: Number(row.count),
    })),
    pages: pages.map((row) => ({ page: row.page, views: Number(row.views), entries: Number(row.entries) })),
    conversions: Object.keys(formLabels).map((form) => ({ label: formLabels[form]!, count: event(form, "stored") })),
    heard: [...heardAnswers.map((answer) => answer.value), "none"].map((value) => ({
      label: heardLabel(value === "none" ? null : value),
      byForm: Object.keys(formLabels).map((form) => event(form, `heard:${value}`)),
      count: Object.keys(formLabels).reduce((sum, form) => sum + event(form, `heard:${value}`), 0),
    })),
    orderFunnel: [
      { label: "Opened the order page", count: orderViews },
      ...orderSteps.map((step, index) => ({
        label: `Step ${index + 1} of ${orderSteps.length}: ${step.title} (with JavaScript)`,
        count: event("order", `step-${index + 1}`),
      })),
      { label: "Sent an order request (stored)", count: event("order", "stored") },
    ],
    months,
  };
}

export type VisitReport = Awaited<ReturnType<typeof visitReport>>;

/** Views, entries and stored submissions per month from `from` to `to`, every month listed (zero when none). */
async function monthByMonth(from: string, to: string) {
  const month = sql<string>`substr(day, 1, 7)`;
  const [visits, stored] = await Promise.all([
    db()
      .selectFrom("visit_counts")
      .select([month.as("month"), viewsSum.as("views"), entriesSum.as("entries")])
      .where("day", ">=", from)
      .where("day", "<=", to)
      .groupBy(month)
      .execute(),
    db()
      .selectFrom("form_counts")
      .select([month.as("month"), sql<number>`coalesce(sum(count), 0)`.as("stored")])
      .where("event", "=", "stored")
      .where("day", ">=", from)
      .where("day", "<=", to)
      .groupBy(month)
      .execute(),
  ]);
  const rows: Array<{ month: string; views: number; entries: number; stored: number }> = [];
  for (let at = from.slice(0, 7); at <= to.slice(0, 7); at = monthStartBefore(`${at}-01`, -1).slice(0, 7)) {
    const v = visits.find((row) => row.month === at);
    const s = stored.find((row) => row.month === at);
    rows.push({
      month: at,
      views: Number(v?.views ?? 0),
      entries: Number(v?.entries ?? 0),
      stored: Number(s?.stored ?? 0),
    });
  }
  return rows;
}

/** The report as CSV rows: one section after another, each with its own heading row. */
export function reportCsvRows(report: VisitReport): string[][] {
  const rows: string[][] = [[`Visits from ${report.from} to ${report.to}`, ""]];
  const section = (title: string, header: string[], body: Array<Array<string | number>>) => {
    rows.push([], [title], header, ...body.map((line) => line.map(String)));
  };
  section(
    "Totals",
    ["Figure", "Count"],
    [
      ["Page views", report.totals.views],
      ["Entries (visits)", report.totals.entries],
    ],
  );
  section(
    "Entries by channel",
    ["Channel", "Entries"],
    report.channels.map((r) => [r.label, r.count]),
  );
  section(
    "Entries by source",
    ["Source", "Channel", "Entries"],
    report.sources.map((r) => [r.label, r.channel, r.count]),
  );
  section(
    "Campaigns",
    ["utm_source", "utm_medium", "utm_campaign", "Entries"],
    report.campaigns.map((r) => [r.source, r.medium, r.campaign, r.count]),
  );
  section(
    "Pages",
    ["Page", "Views", "Entries"],
    report.pages.map((r) => [r.page, r.views, r.entries]),
  );
  section(
    "Stored submissions",
    ["Form", "Stored"],
    report.conversions.map((r) => [r.label, r.count]),
  );
  section(
    "How did you hear about us?",
    ["Answer", ...Object.values(formLabels), "All forms"],
    report.heard.map((r) => [r.label, ...r.byForm, r.count]),
  );
  section(
    "Order form, step by step",
    ["Step", "Count"],
    report.orderFunnel.map((r) => [r.label, r.count]),
  );
  section(
    "Month by month",
    ["Month", "Page views", "Entries", "Stored submissions"],
    report.months.map((r) => [r.month, r.views, r.entries, r.stored]),
  );
  return rows;
}
