import { Form, Link } from "react-router";
import { AdminErrorBoundary } from "~/components/ui/admin-error";
import { buttonClass } from "~/components/ui/button";
import { orderSteps } from "~/features/orders/fields";
import { BarChart, MonthChart } from "~/features/visits/charts";
import { formLabels, parsePeriod, periods } from "~/features/visits/periods";
import { visitReport } from "~/features/visits/report.server";
import { getConfig } from "~/lib/config.server";
import { formatCount } from "~/lib/format";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/admin.visits";

export async function loader({ request }: Route.LoaderArgs) {
  const period = parsePeriod(new URL(request.url).searchParams.get("period"));
  const config = getConfig().visitCounts;
  return {
    report: await visitReport(period, orderSteps),
    counting: config.on,
    flushSeconds: Math.ceil(config.flushMs / 1000),
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Visits",
    description: "Which pages and sources bring leads.",
    path: "/admin/visits",
    noindex: true,
  });

const formNames = Object.values(formLabels);

/**
 * Which pages and sources bring leads: entries by source, top pages, stored submissions and what
 * people said brought them, and the order form's steps. Counted without identifiers
 * (docs/decisions/029): totals per day, nothing about any person.
 */
export default function AdminVisits({ loaderData }: Route.ComponentProps) {
  const { report, counting, flushSeconds } = loaderData;
  const period = periods.find((p) => p.value === report.period)!;
  return (
    <>
      <h1 className="text-heading font-bold">Visits</h1>
      <p className="mt-1 max-w-prose text-muted">
        Daily totals from {report.from} to {report.to} (Eastern Time). A view is a public page answered to a browser; an
        entry is a view that came from another site, a link with campaign tags, or nowhere (typed or bookmarked).
        Nothing here can tell who anyone is: no cookies, no addresses, no browser details. Programs, pages fetched ahead
        of time, and browsers that ask not to be counted (Global Privacy Control, Do Not Track) are left out. Counts
        reach this page within {flushSeconds === 1 ? "a second" : `${flushSeconds} seconds`}; if the server stops
        abruptly, the counts of that {flushSeconds === 1 ? "second" : "time"} are lost.
      </p>
      {counting ? null : (
        <p className="mt-3 max-w-prose rounded-md border border-warning bg-warning-soft p-3">
          Counting is switched off on this server (VISIT_COUNTS=off): the figures stop at when it was switched off.
        </p>
      )}
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-4">
        <div>
          <label htmlFor="visits-period" className="block font-semibold">
            Period
          </label>
          <select
            id="visits-period"
            name="period"
            defaultValue={report.period}
            className="mt-1 tap-target rounded-md border border-line bg-surface px-3"
          >
            {periods.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClass("secondary")}>
          Show
        </button>
        <Link
          to={`/admin/visits/export.csv?period=${report.period}`}
          reloadDocument
          className={buttonClass("secondary")}
        >
          Download CSV ({period.label.toLowerCase()})
        </Link>
      </Form>

      <dl className="mt-6 grid max-w-xl grid-cols-2 gap-4">
        <div className="rounded-md border border-line p-4">
          <dt className="text-muted">Page views</dt>
          <dd className="text-heading font-bold">{formatCount(report.totals.views)}</dd>
        </div>
        <div className="rounded-md border border-line p-4">
          <dt className="text-muted">Entries</dt>
          <dd className="text-heading font-bold">{formatCount(report.totals.entries)}</dd>
        </div>
      </dl>

      <BarChart title="Entries by channel" labelHeader="Channel" rows={report.channels} />
      <BarChart
        title="Entries by source"
        rows={report.sources}
        columns={[
          { header: "Source", cell: (row) => row.label, rowHeader: true },
          { header: "Channel", cell: (row) => row.channel },
          { header: "Entries", cell: (row) => formatCount(row.count), short: true },
        ]}
        empty="No entries from a search engine, a network, an email or another site in this period yet."
      />
      <BarChart
        title="Campaigns (utm_source, utm_medium, utm_campaign)"
        rows={report.campaigns.map((row) => ({ ...row, label: `${row.source} / ${row.medium} / ${row.campaign}` }))}
        columns={[
          { header: "utm_source", cell: (row) => row.source, rowHeader: true },
          { header: "utm_medium", cell: (row) => row.medium },
          { header: "utm_campaign", cell: (row) => row.campaign },
          { header: "Entries", cell: (row) => formatCount(row.count), short: true },
        ]}
        empty="No entries from links with campaign tags in this period yet."
      />
      <BarChart
        title="Top pages"
        rows={report.pages.map((row) => ({ ...row, label: row.page, count: row.views }))}
        columns={[
          { header: "Page", cell: (row) => row.page, rowHeader: true },
          { header: "Views", cell: (row) => formatCount(row.views), short: true },
          { header: "Entries", cell: (row) => formatCount(row.entries), short: true },
        ]}
      />
      <BarChart title="Stored submissions per form" labelHeader="Form" rows={report.conversions} />
      <BarChart
        title="How did you hear about us?"
        rows={report.heard}
        columns={[
          { header: "Answer", cell: (row) => row.label, rowHeader: true },
          ...formNames.map((name, index) => ({
            header: name,
            cell: (row: (typeof report.heard)[number]) => formatCount(row.byForm[index]!),
            short: true,
          })),
          { header: "All forms", cell: (row) => formatCount(row.count), short: true },
        ]}
      />
      <BarChart title="Order form, step by step" labelHeader="Step" rows={report.orderFunnel} />
      <p className="mt-2 max-w-prose text-muted">
        The steps are counted only in browsers with JavaScript, where the form shows one step at a time; without it the
        whole form is one page, counted as &ldquo;Opened the order page&rdquo;. Stored requests are counted from what
        was stored, however it was sent.
      </p>
      <MonthChart rows={report.months} />
    </>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary list={{ href: "/admin/visits", name: "visits" }} />;
}
