import { Link } from "react-router";
import { AdminErrorBoundary } from "~/components/ui/admin-error";
import { StackedTable } from "~/components/ui/stacked-table";
import { businessDuration, figureWindowDays, percent } from "~/features/leads/figures";
import { type FigureLine, staffFigures } from "~/features/leads/figures.server";
import { leadKinds } from "~/lead-kinds.server";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/admin.replies";

export async function loader() {
  const now = new Date();
  const { months, perPerson } = await staffFigures(leadKinds, now);
  return {
    months: months.map((m) => ({ kind: m.kind, title: m.title, lines: m.lines.map(row) })),
    perPerson: perPerson.map(row),
  };
}

function row(line: FigureLine) {
  return {
    label: line.label,
    leads: line.leads,
    within: line.leads ? `${percent(line.within, line.leads)} (${line.within})` : "—",
    median: line.medianMinutes === null ? "—" : businessDuration(line.medianMinutes),
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Reply times",
    description: "How quickly leads are answered, per month and per person.",
    path: "/admin/replies",
    noindex: true,
  });

function FigureTable({ caption, first, rows }: { caption: string; first: string; rows: ReturnType<typeof row>[] }) {
  if (rows.length === 0) return <p className="mt-2 text-muted">No leads yet.</p>;
  return (
    <StackedTable
      caption={caption}
      rows={rows}
      rowKey={(r) => r.label}
      columns={[
        { header: first, rowHeader: true, cell: (r) => r.label },
        { header: "Counted", cell: (r) => r.leads, short: true },
        { header: "Within the promise", cell: (r) => r.within },
        { header: "Median first reply", cell: (r) => r.median },
      ]}
    />
  );
}

/**
 * The reply promises as kept (docs/requirements.md §4.8): the public figures' numbers per month
 * of arrival and per person, computed from the same stored replies.
 */
export default function AdminReplies({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-heading font-bold">Reply times</h1>
      <p className="mt-1 max-w-prose text-muted">
        A lead is counted once it has been answered or its reply has come due. &ldquo;Within the promise&rdquo; is the
        share answered by the due time stored with it. Times are business hours: Monday to Friday, 9 a.m. to 5 p.m.
        Eastern Time. The public figures on{" "}
        <Link to="/contact" className="text-brand underline">
          Contact
        </Link>{" "}
        and{" "}
        <Link to="/order" className="text-brand underline">
          Order
        </Link>{" "}
        are the last {figureWindowDays} days of these.
      </p>
      {loaderData.months.map((m) => (
        <section key={m.kind} aria-labelledby={`months-${m.kind}`} className="mt-8">
          <h2 id={`months-${m.kind}`} className="text-subheading font-bold">
            {m.title} by month of arrival
          </h2>
          <div className="mt-3">
            <FigureTable caption={`${m.title} by month`} first="Month" rows={m.lines} />
          </div>
        </section>
      ))}
      <section aria-labelledby="per-person" className="mt-8">
        <h2 id="per-person" className="text-subheading font-bold">
          By person, last {figureWindowDays} days
        </h2>
        <p className="mt-1 max-w-prose text-muted">
          Each lead counts for whoever sent its first reply or recorded its first call.
        </p>
        <div className="mt-3">
          <FigureTable caption="Reply times by person" first="Person" rows={loaderData.perPerson} />
        </div>
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary list={{ href: "/admin/queue", name: "today's work" }} />;
}
