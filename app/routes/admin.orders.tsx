import { useNavigation } from "react-router";
import { orderStatuses } from "#db/schema";
import { filterQuery, ListFilters } from "~/components/admin/list-filters";
import { pageNumber } from "~/components/ui/pager";
import { listLeads, parseLeadFilter, retryFailedLeadDeliveries } from "~/features/leads/leads.server";
import { LeadList } from "~/features/leads/lead-list";
import { orderStatusLabels } from "~/features/orders/labels";
import { leadKinds } from "~/lead-kinds.server";
import { formatDate } from "~/lib/format";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/admin.orders";
import { AdminErrorBoundary } from "~/components/ui/admin-error";
import { staffContext } from "~/features/auth/access.server";
import { actionResult } from "~/lib/admin-action";
import { retryFailingAction } from "~/lib/retry-failing.server";

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const filter = parseLeadFilter(leadKinds.order, params);
  const page = pageNumber(params);
  return { filter, page, ...(await listLeads(leadKinds.order, filter, page)) };
}

/** The list's one action: every failing delivery tried again (RetryFailing). */
export async function action({ request, context }: Route.ActionArgs) {
  return retryFailingAction(request, () => retryFailedLeadDeliveries(context.get(staffContext), leadKinds.order));
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Orders", description: "Order requests.", path: "/admin/orders", noindex: true });

const statusOptions = orderStatuses.map((status) => ({ value: status, label: orderStatusLabels[status] }));

export default function AdminOrders({ loaderData, actionData }: Route.ComponentProps) {
  const { leads, filter, counts, page, hasMore, failing } = loaderData;
  const query = filterQuery(filter);
  return (
    <LeadList
      heading="Orders"
      summary={`${counts.new} new, ${counts.contacted} contacted, ${counts.closed} closed.`}
      result={actionResult(actionData, undefined)}
      failing={failing}
      busy={useNavigation().state !== "idle"}
      filters={
        <ListFilters
          filter={filter}
          searchLabel="Reference, name or email"
          statuses={statusOptions}
          exportPath="/admin/orders/export.csv"
          query={query}
        />
      }
      leads={leads}
      empty="No order requests match."
      row={(o) => ({
        href: `/admin/orders/${o.id}`,
        title: `${o.reference} — ${o.first_name} ${o.last_name}`,
        lines: (
          <>
            <p className="text-muted">
              {o.state}, {o.country}
              {o.submitted_by_name ? ` · filled in by ${o.submitted_by_name}` : ""}
            </p>
            <p className="text-small wrap-anywhere text-muted">
              {formatDate(o.received_at)} · {o.email}
            </p>
          </>
        ),
      })}
      statusLabel={(status) => orderStatusLabels[status]}
      deliveryLabel={(delivery) => (delivery === "order-receipt" ? "Receipt:" : null)}
      page={page}
      hasMore={hasMore}
      query={query}
    />
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary list={{ href: "/admin/orders", name: "order requests" }} />;
}
