import { data, Link, redirect, useNavigation } from "react-router";
import { DetailActions } from "~/components/admin/detail-actions";
import { ActionStatus } from "~/components/ui/action-status";
import { actionDone, actionFailed, readIntent, unknownAction } from "~/lib/admin-action";
import { topicLabel } from "~/content/contact";
import { heardLabel, heardQuestion } from "~/content/heard";
import { requireConfirmed, staffContext } from "~/features/auth/auth.server";
import { DeliveryStatus } from "~/components/admin/delivery-status";
import {
  deleteMessage,
  getMessage,
  moveMessageToSpam,
  retryMessageDelivery,
  setMessageStatus,
} from "~/features/contact/inbox.server";
import { SpamMark } from "~/components/ui/spam-mark";
import { redirectMovedToSpam } from "~/lib/spam-mark.server";
import { formatDate } from "~/lib/format";
import { isRowId, readForm } from "~/lib/request.server";
import { seo } from "~/lib/seo";
import { recordAudit } from "~/lib/audit.server";
import type { Route } from "./+types/admin.message";
import { AdminErrorBoundary } from "~/components/ui/admin-error";
import { AssignForm } from "~/components/admin/assign-form";
import { assignees, assignLead } from "~/features/leads/assign.server";
import { loadReplies, replyAction, replyIntents } from "~/features/leads/reply-actions.server";
import { answeredNotSpam, ReplyPanel } from "~/features/leads/reply-panel";
import { actionResult, refusedAnswers } from "~/lib/admin-action";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const found = isRowId(params.id) ? await getMessage(params.id) : undefined;
  if (!found) throw data(null, { status: 404 });
  // Messages often carry health details too: who opened one is recorded like an order's.
  const staff = context.get(staffContext);
  await recordAudit(staff, "viewed", "contact_message", found.message.id, "Message shown.");
  return {
    ...found,
    people: await assignees(),
    me: staff.accountId,
    replies: await loadReplies(request, { kind: "message", id: found.message.id }),
  };
}

const messageIntents = ["handle", "reopen", "retry", "delete", "move-to-spam", "assign", ...replyIntents] as const;

export async function action({ request, params, context }: Route.ActionArgs) {
  const staff = context.get(staffContext);
  if (!isRowId(params.id)) throw data(null, { status: 404 });
  const form = await readForm(request);
  const intent = readIntent(form, messageIntents);
  switch (intent) {
    case "reply":
    case "call":
    case "retry-reply":
      return replyAction(staff, { kind: "message", id: params.id }, intent, form, `/admin/messages/${params.id}`);
    case "assign": {
      const result = await assignLead(staff, "contact_messages", params.id, form.get("assignee"));
      return result.ok ? actionDone(result.message) : actionFailed(result.message, result.status);
    }
    case "handle":
      await setMessageStatus(staff, params.id, "handled");
      return actionDone("Marked as handled.");
    case "reopen":
      await setMessageStatus(staff, params.id, "new");
      return actionDone("Marked as new.");
    case "retry":
      await retryMessageDelivery(staff, params.id);
      return actionDone("Delivery queued again.");
    case "delete":
      // Deleting cannot be undone: proof of who they are within five minutes, as for a review.
      requireConfirmed(request, staff);
      await deleteMessage(staff, params.id);
      return redirect("/admin/messages");
    case "move-to-spam":
      if (await moveMessageToSpam(staff, params.id)) return redirectMovedToSpam();
      return (await getMessage(params.id))
        ? actionFailed(answeredNotSpam("message"), 409)
        : actionFailed("That message is no longer in the inbox.", 404);
    case undefined:
      return unknownAction();
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Message", description: "A contact message.", path: "/admin/messages", noindex: true });

export default function AdminMessage({ loaderData, actionData }: Route.ComponentProps) {
  const { message, deliveries } = loaderData;
  const busy = useNavigation().state !== "idle";
  const canRetry = deliveries.some((d) => d.status === "failed" || d.status === "pending");
  return (
    <article aria-labelledby="message-title">
      <Link
        to="/admin/messages"
        className="-ml-3 inline-flex tap-target items-center rounded-md px-3 font-semibold text-brand underline"
      >
        <span aria-hidden="true">←&nbsp;</span>All messages
      </Link>
      <h1 id="message-title" className="mt-4 text-heading font-bold">
        {topicLabel(message.topic)} from {message.name}
      </h1>
      <ActionStatus result={actionResult(actionData, loaderData.replies.replied)} />
      <SpamMark reasons={message.mark} className="mt-4" />
      <dl className="mt-6 grid gap-4 sm:grid-cols-2">
        <div>
          <dt className="text-small text-muted">Email</dt>
          <dd>
            <a href={`mailto:${message.email}`} className="inline-flex tap-target items-center text-brand underline">
              {message.email}
            </a>
          </dd>
        </div>
        <div>
          <dt className="text-small text-muted">Phone</dt>
          <dd>{message.phone ?? "Not given"}</dd>
        </div>
        <div>
          <dt className="text-small text-muted">Received</dt>
          <dd>{formatDate(message.received_at)}</dd>
        </div>
        <div>
          <dt className="text-small text-muted">{heardQuestion.label}</dt>
          <dd>{heardLabel(message.heard_from)}</dd>
        </div>
        <div>
          <dt className="text-small text-muted">Consent given</dt>
          <dd>{message.consent === 1 ? `Yes, ${formatDate(message.consent_at)}` : "No"}</dd>
        </div>
        <div>
          <dt className="text-small text-muted">Status</dt>
          <dd>
            {message.status === "new" ? "New" : `Handled ${message.handled_at ? formatDate(message.handled_at) : ""}`}
          </dd>
        </div>
        <div>
          <dt className="text-small text-muted">Delivery</dt>
          <dd className="flex flex-wrap gap-2">
            {deliveries.map((d) => (
              <span key={d.id}>
                <DeliveryStatus channel={d.channel} status={d.status} lastError={d.last_error} />
              </span>
            ))}
          </dd>
        </div>
      </dl>
      <h2 className="mt-8 text-subheading font-bold">Message</h2>
      <p className="mt-2 rounded-xl border border-line bg-surface p-4 [overflow-wrap:anywhere] whitespace-pre-wrap">
        {message.message}
      </p>
      <AssignForm people={loaderData.people} assignedTo={message.assigned_to} me={loaderData.me} busy={busy} />
      <ReplyPanel {...loaderData.replies} {...refusedAnswers(actionData)} busy={busy} />

      <DetailActions
        steps={[
          message.status === "new"
            ? { intent: "handle", label: "Mark handled" }
            : { intent: "reopen", label: "Mark as new" },
        ]}
        canRetry={canRetry}
        canMoveToSpam={!message.first_reply_at}
        deleteQuestion="Delete this message for good? This cannot be undone."
        busy={busy}
      />
    </article>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary list={{ href: "/admin/messages", name: "messages" }} />;
}
