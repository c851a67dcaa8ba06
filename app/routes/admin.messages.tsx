import { useNavigation } from "react-router";
import { FilterSelect, filterQuery, ListFilters } from "~/components/admin/list-filters";
import { pageNumber } from "~/components/ui/pager";
import { contactTopics, topicLabel } from "~/content/contact";
import { listLeads, parseLeadFilter, retryFailedLeadDeliveries } from "~/features/leads/leads.server";
import { LeadList } from "~/features/leads/lead-list";
import { leadKinds } from "~/lead-kinds.server";
import { formatDate } from "~/lib/format";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/admin.messages";
import { AdminErrorBoundary } from "~/components/ui/admin-error";
import { staffContext } from "~/features/auth/access.server";
import { actionResult } from "~/lib/admin-action";
import { retryFailingAction } from "~/lib/retry-failing.server";

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const filter = parseLeadFilter(leadKinds.message, params);
  const page = pageNumber(params);
  return { filter, page, ...(await listLeads(leadKinds.message, filter, page)) };
}

/** The list's one action: every failing delivery tried again (RetryFailing). */
export async function action({ request, context }: Route.ActionArgs) {
  return retryFailingAction(request, () => retryFailedLeadDeliveries(context.get(staffContext), leadKinds.message));
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Messages", description: "Contact messages.", path: "/admin/messages", noindex: true });

const statusOptions = [
  { value: "new", label: "New" },
  { value: "handled", label: "Handled" },
];

export default function AdminMessages({ loaderData, actionData }: Route.ComponentProps) {
  const { leads, filter, counts, page, hasMore, failing } = loaderData;
  const query = filterQuery(filter);
  return (
    <LeadList
      heading="Messages"
      summary={`${counts.new} new, ${counts.handled} handled.`}
      result={actionResult(actionData, undefined)}
      failing={failing}
      busy={useNavigation().state !== "idle"}
      filters={
        <ListFilters filter={filter} statuses={statusOptions} exportPath="/admin/messages/export.csv" query={query}>
          <FilterSelect name="topic" label="Topic" value={filter.topic} anyLabel="All topics" options={contactTopics} />
        </ListFilters>
      }
      leads={leads}
      empty="No messages match."
      row={(m) => ({
        href: `/admin/messages/${m.id}`,
        title: `${m.name} — ${topicLabel(m.topic)}`,
        lines: (
          <>
            <p className="truncate text-muted">{m.message}</p>
            <p className="text-small wrap-anywhere text-muted">
              {formatDate(m.received_at)} · {m.email}
            </p>
          </>
        ),
      })}
      statusLabel={(status) => (status === "new" ? "New" : "Handled")}
      page={page}
      hasMore={hasMore}
      query={query}
    />
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary list={{ href: "/admin/messages", name: "messages" }} />;
}
