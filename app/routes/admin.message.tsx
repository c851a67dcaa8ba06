import { data, useNavigation } from "react-router";
import { actionDone, actionResult, answerIntent, refusedAnswers } from "~/lib/admin-action";
import { topicLabel } from "~/content/contact";
import { heardLabel, heardQuestion } from "~/content/heard";
import { requireConfirmed, staffContext } from "~/features/auth/access.server";
import { DeliveryStatus } from "~/components/admin/delivery-status";
import { moveMessageToSpam, setMessageStatus } from "~/features/contact/inbox.server";
import { LeadDetailFrame } from "~/features/leads/lead-detail";
import { leadIntents, loadLeadPage } from "~/features/leads/lead-page.server";
import { leadKinds } from "~/lead-kinds.server";
import { formatDate } from "~/lib/format";
import { isRowId, readForm } from "~/lib/request.server";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/admin.message";
import { AdminErrorBoundary } from "~/components/ui/admin-error";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  // Messages often carry health details too: who opened one is recorded like an order's.
  return loadLeadPage(request, context.get(staffContext), leadKinds.message, params.id, "Message shown.");
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const staff = context.get(staffContext);
  const id = params.id;
  if (!isRowId(id)) throw data(null, { status: 404 });
  return answerIntent(await readForm(request), {
    ...leadIntents(staff, leadKinds.message, id, {
      confirm: () => requireConfirmed(request, staff),
      moveToSpam: moveMessageToSpam,
      gone: "in the inbox",
    }),
    handle: async () => {
      await setMessageStatus(staff, id, "handled");
      return actionDone("Marked as handled.");
    },
    reopen: async () => {
      await setMessageStatus(staff, id, "new");
      return actionDone("Marked as new.");
    },
  });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Message", description: "A contact message.", path: "/admin/messages", noindex: true });

export default function AdminMessage({ loaderData, actionData }: Route.ComponentProps) {
  const { lead: message, deliveries } = loaderData;
  const busy = useNavigation().state !== "idle";
  return (
    <LeadDetailFrame
      list={{ href: "/admin/messages", text: "All messages" }}
      titleId="message-title"
      title={`${topicLabel(message.topic)} from ${message.name}`}
      result={actionResult(actionData, loaderData.replies.replied)}
      mark={message.mark}
      people={loaderData.people}
      assignedTo={message.assigned_to}
      me={loaderData.me}
      replies={{ ...loaderData.replies, ...refusedAnswers(actionData) }}
      conversation={loaderData.conversation}
      personHref={loaderData.personHref}
      steps={[
        message.status === "new"
          ? { intent: "handle", label: "Mark handled" }
          : { intent: "reopen", label: "Mark as new" },
      ]}
      canRetry={deliveries.some((d) => d.status === "failed" || d.status === "pending")}
      canMoveToSpam={!message.first_reply_at}
      deleteQuestion="Delete this message for good? This cannot be undone."
      busy={busy}
    >
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
    </LeadDetailFrame>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary list={{ href: "/admin/messages", name: "messages" }} />;
}
