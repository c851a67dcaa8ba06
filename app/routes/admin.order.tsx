import { data, Link, redirect, useNavigation } from "react-router";
import type { OrderStatus } from "#db/schema";
import { DetailActions } from "~/components/admin/detail-actions";
import { ActionStatus } from "~/components/ui/action-status";
import { actionDone, actionFailed, readIntent, unknownAction } from "~/lib/admin-action";
import { requireConfirmed, staffContext } from "~/features/auth/auth.server";
import {
  deleteOrder,
  getOrder,
  moveOrderToSpam,
  retryOrderDelivery,
  setOrderStatus,
} from "~/features/orders/admin.server";
import { SpamMark } from "~/components/ui/spam-mark";
import { redirectMovedToSpam } from "~/lib/spam-mark.server";
import { AdminOrderDetails } from "~/features/orders/admin-order-details";
import { isRowId, readForm } from "~/lib/request.server";
import { seo } from "~/lib/seo";
import { recordAudit } from "~/lib/audit.server";
import type { Route } from "./+types/admin.order";
import { AdminErrorBoundary } from "~/components/ui/admin-error";
import { AssignForm } from "~/components/admin/assign-form";
import { assignees, assignLead } from "~/features/leads/assign.server";
import { loadReplies, replyAction, replyIntents } from "~/features/leads/reply-actions.server";
import { answeredNotSpam, ReplyPanel } from "~/features/leads/reply-panel";
import { actionResult, refusedAnswers } from "~/lib/admin-action";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const found = isRowId(params.id) ? await getOrder(params.id) : undefined;
  if (!found) throw data(null, { status: 404 });
  // Who saw a person's health details, and when (decision 024).
  const staff = context.get(staffContext);
  await recordAudit(staff, "viewed", "order_request", found.order.id, "Health details shown.");
  return {
    ...found,
    people: await assignees(),
    me: staff.accountId,
    replies: await loadReplies(request, { kind: "order", id: found.order.id }),
  };
}

/** The status each button sets, and what the page says afterwards. */
const statusIntents = {
  contacted: { status: "contacted", done: "Marked as contacted." },
  close: { status: "closed", done: "Marked as closed." },
  reopen: { status: "new", done: "Marked as new." },
} as const satisfies Record<string, { status: OrderStatus; done: string }>;

const orderIntents = [
  "contacted",
  "close",
  "reopen",
  "retry",
  "delete",
  "move-to-spam",
  "assign",
  ...replyIntents,
] as const;

export async function action({ request, params, context }: Route.ActionArgs) {
  const staff = context.get(staffContext);
  if (!isRowId(params.id)) throw data(null, { status: 404 });
  const form = await readForm(request);
  const intent = readIntent(form, orderIntents);
  switch (intent) {
    case "reply":
    case "call":
    case "retry-reply":
      return replyAction(staff, { kind: "order", id: params.id }, intent, form, `/admin/orders/${params.id}`);
    case "assign": {
      const result = await assignLead(staff, "order_requests", params.id, form.get("assignee"));
      return result.ok ? actionDone(result.message) : actionFailed(result.message, result.status);
    }
    case "contacted":
    case "close":
    case "reopen":
      await setOrderStatus(staff, params.id, statusIntents[intent].status);
      return actionDone(statusIntents[intent].done);
    case "retry":
      await retryOrderDelivery(staff, params.id);
      return actionDone("Delivery queued again.");
    case "delete":
      // Deleting cannot be undone: proof of who they are within five minutes, as for a review.
      requireConfirmed(request, staff);
      await deleteOrder(staff, params.id);
      return redirect("/admin/orders");
    case "move-to-spam":
      if (await moveOrderToSpam(staff, params.id)) return redirectMovedToSpam();
      return (await getOrder(params.id))
        ? actionFailed(answeredNotSpam("order request"), 409)
        : actionFailed("That order request is no longer in the list.", 404);
    case undefined:
      return unknownAction();
  }
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
  const { order, deliveries } = loaderData;
  const busy = useNavigation().state !== "idle";
  const canRetry = deliveries.some((d) => d.status === "failed" || d.status === "pending");
  const name = `${order.first_name} ${order.last_name}`;
  return (
    <article aria-labelledby="order-title">
      <Link
        to="/admin/orders"
        className="-ml-3 inline-flex tap-target items-center rounded-md px-3 font-semibold text-brand underline"
      >
        <span aria-hidden="true">←&nbsp;</span>All orders
      </Link>
      <h1 id="order-title" className="mt-4 text-heading font-bold">
        Order request {order.reference} for {name}
      </h1>
      <ActionStatus result={actionResult(actionData, loaderData.replies.replied)} />
      <SpamMark reasons={order.mark} className="mt-4" />
      <AdminOrderDetails order={order} deliveries={deliveries} />
      <AssignForm people={loaderData.people} assignedTo={order.assigned_to} me={loaderData.me} busy={busy} />
      <ReplyPanel {...loaderData.replies} {...refusedAnswers(actionData)} busy={busy} />
      <DetailActions
        steps={nextSteps[order.status]}
        canRetry={canRetry}
        canMoveToSpam={!order.first_reply_at}
        deleteQuestion="Delete this order request for good, with its fitting and health details? This cannot be undone."
        busy={busy}
      />
    </article>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary list={{ href: "/admin/orders", name: "order requests" }} />;
}
