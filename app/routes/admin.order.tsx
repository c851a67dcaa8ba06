import { data, useNavigation } from "react-router";
import type { OrderStatus } from "#db/schema";
import { actionDone, actionResult, answerIntent, refusedAnswers } from "~/lib/admin-action";
import { requireConfirmed, staffContext } from "~/features/auth/access.server";
import { moveOrderToSpam, setOrderStatus } from "~/features/orders/admin.server";
import { AdminOrderDetails } from "~/features/orders/admin-order-details";
import { LeadDetailFrame } from "~/features/leads/lead-detail";
import { leadIntents, loadLeadPage } from "~/features/leads/lead-page.server";
import { leadKinds } from "~/lead-kinds.server";
import { isRowId, readForm } from "~/lib/request.server";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/admin.order";
import { AdminErrorBoundary } from "~/components/ui/admin-error";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  // Who saw a person's health details, and when (decision 024).
  return loadLeadPage(request, context.get(staffContext), leadKinds.order, params.id, "Health details shown.");
}

/** The status each button sets, and what the page says afterwards. */
const statusIntents = {
  contacted: { status: "contacted", done: "Marked as contacted." },
  close: { status: "closed", done: "Marked as closed." },
  reopen: { status: "new", done: "Marked as new." },
} as const satisfies Record<string, { status: OrderStatus; done: string }>;

export async function action({ request, params, context }: Route.ActionArgs) {
  const staff = context.get(staffContext);
  const id = params.id;
  if (!isRowId(id)) throw data(null, { status: 404 });
  const setStatus = (change: keyof typeof statusIntents) => async () => {
    await setOrderStatus(staff, id, statusIntents[change].status);
    return actionDone(statusIntents[change].done);
  };
  return answerIntent(await readForm(request), {
    ...leadIntents(staff, leadKinds.order, id, {
      confirm: () => requireConfirmed(request, staff),
      moveToSpam: moveOrderToSpam,
      gone: "in the list",
    }),
    contacted: setStatus("contacted"),
    close: setStatus("close"),
    reopen: setStatus("reopen"),
  });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Order request", description: "An order request.", path: "/admin/orders", noindex: true });

/** The buttons a request in each status offers, the usual next step first. */
const nextSteps: Record<OrderStatus, Array<{ intent: keyof typeof statusIntents; label: string }>> = {
  new: [
    { intent: "contacted", label: "Mark contacted" },
    { intent: "close", label: "Mark closed" },
  ],
  contacted: [
    { intent: "close", label: "Mark closed" },
    { intent: "reopen", label: "Reopen as new" },
  ],
  closed: [{ intent: "reopen", label: "Reopen as new" }],
};

export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { lead: order, deliveries } = loaderData;
  const busy = useNavigation().state !== "idle";
  return (
    <LeadDetailFrame
      list={{ href: "/admin/orders", text: "All orders" }}
      titleId="order-title"
      title={`Order request ${order.reference} for ${order.first_name} ${order.last_name}`}
      result={actionResult(actionData, loaderData.replies.replied)}
      mark={order.mark}
      people={loaderData.people}
      assignedTo={order.assigned_to}
      me={loaderData.me}
      replies={{ ...loaderData.replies, ...refusedAnswers(actionData) }}
      conversation={loaderData.conversation}
      personHref={loaderData.personHref}
      steps={nextSteps[order.status]}
      canRetry={deliveries.some((d) => d.status === "failed" || d.status === "pending")}
      canMoveToSpam={!order.first_reply_at}
      deleteQuestion="Delete this order request for good, with its fitting and health details? This cannot be undone."
      busy={busy}
    >
      <AdminOrderDetails order={order} deliveries={deliveries} />
    </LeadDetailFrame>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary list={{ href: "/admin/orders", name: "order requests" }} />;
}
