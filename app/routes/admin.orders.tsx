import { Link, useNavigation } from "react-router";
import { orderStatuses } from "#db/schema";
import { filterQuery, ListFilters } from "~/components/admin/list-filters";
import { Pager, pageNumber } from "~/components/ui/pager";
import { DeliveryStatus } from "~/components/admin/delivery-status";
import { Answered, ReplyDue } from "~/components/admin/reply-due";
import { listOrders, parseOrderFilter, retryFailedOrderDeliveries } from "~/features/orders/admin.server";
import { orderStatusLabels } from "~/features/orders/labels";
import { SpamMark } from "~/components/ui/spam-mark";
import { formatDate } from "~/lib/format";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/admin.orders";
import { AdminErrorBoundary } from "~/components/ui/admin-error";
import { ActionStatus } from "~/components/ui/action-status";
import { RetryFailing } from "~/components/admin/retry-failing";
import { staffContext } from "~/features/auth/access.server";
import { actionResult } from "~/lib/admin-action";
import { retryFailingAction } from "~/lib/retry-failing.server";

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const filter = parseOrderFilter(params);
  const page = pageNumber(params);
  return { filter, page, ...(await listOrders(filter, page)) };
}

/** The list's one action: every failing delivery tried again (RetryFailing). */
export async function action({ request, context }: Route.ActionArgs) {
  return retryFailingAction(request, () => retryFailedOrderDeliveries(context.get(staffContext)));
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Orders", description: "Order requests.", path: "/admin/orders", noindex: true });

const statusOptions = orderStatuses.map((status) => ({ value: status, label: orderStatusLabels[status] }));

export default function AdminOrders({ loaderData, actionData }: Route.ComponentProps) {
  const { orders, filter, counts, page, hasMore, failing } = loaderData;
  const busy = useNavigation().state !== "idle";
  const query = filterQuery(filter);
  return (
    <>
      <h1 className="text-heading font-bold">Orders</h1>
      <p className="mt-1 text-muted">
        {counts.new} new, {counts.contacted} contacted, {counts.closed} closed.
      </p>
      <ActionStatus result={actionResult(actionData, undefined)} />
      <RetryFailing count={failing} busy={busy} />
      <ListFilters
        filter={filter}
        searchLabel="Reference, name or email"
        statuses={statusOptions}
        exportPath="/admin/orders/export.csv"
        query={query}
      />

      {orders.length === 0 ? (
        <p className="mt-8 text-muted">No order requests match.</p>
      ) : (
        <ul className="mt-6 divide-y divide-line rounded-xl border border-line bg-surface">
          {orders.map((o) => (
            <li key={o.id} className="flex flex-wrap items-start justify-between gap-3 p-4">
              <div className="min-w-0">
                <Link
                  to={`/admin/orders/${o.id}`}
                  className="inline-flex tap-target items-center font-semibold wrap-anywhere text-brand underline"
                >
                  {o.reference} — {o.first_name} {o.last_name}
                </Link>
                <p className="text-muted">
                  {o.state}, {o.country}
                  {o.submitted_by_name ? ` · filled in by ${o.submitted_by_name}` : ""}
                </p>
                <p className="text-small wrap-anywhere text-muted">
                  {formatDate(o.received_at)} · {o.email}
                </p>
                <SpamMark reasons={o.mark} className="mt-1" />
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <span
                  className={`rounded-full border px-2 py-0.5 text-small font-semibold ${o.status === "new" ? "border-brand bg-brand-soft" : "border-line"}`}
                >
                  {orderStatusLabels[o.status]}
                </span>
                <ReplyDue due={o.due} />
                <Answered at={o.answeredText} />
                {o.deliveries.map((d) => (
                  <span key={`${d.kind}-${d.channel}`} className="inline-flex items-center gap-1">
                    {d.kind === "order-receipt" ? <span className="text-small text-muted">Receipt:</span> : null}
                    <DeliveryStatus channel={d.channel} status={d.status} lastError={d.lastError} short />
                  </span>
                ))}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} hasMore={hasMore} query={query} />
    </>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary list={{ href: "/admin/orders", name: "order requests" }} />;
}
