import { Link, useNavigation } from "react-router";
import { FilterSelect, filterQuery, ListFilters } from "~/components/admin/list-filters";
import { Pager, pageNumber } from "~/components/ui/pager";
import { contactTopics, topicLabel } from "~/content/contact";
import { DeliveryStatus } from "~/components/admin/delivery-status";
import { Answered, ReplyDue } from "~/components/admin/reply-due";
import { listMessages, parseInboxFilter, retryFailedMessageDeliveries } from "~/features/contact/inbox.server";
import { SpamMark } from "~/components/ui/spam-mark";
import { formatDate } from "~/lib/format";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/admin.messages";
import { AdminErrorBoundary } from "~/components/ui/admin-error";
import { ActionStatus } from "~/components/ui/action-status";
import { RetryFailing } from "~/components/admin/retry-failing";
import { staffContext } from "~/features/auth/access.server";
import { actionResult } from "~/lib/admin-action";
import { retryFailingAction } from "~/lib/retry-failing.server";

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const filter = parseInboxFilter(params);
  const page = pageNumber(params);
  return { filter, page, ...(await listMessages(filter, page)) };
}

/** The list's one action: every failing delivery tried again (RetryFailing). */
export async function action({ request, context }: Route.ActionArgs) {
  return retryFailingAction(request, () => retryFailedMessageDeliveries(context.get(staffContext)));
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Messages", description: "Contact messages.", path: "/admin/messages", noindex: true });

const statusOptions = [
  { value: "new", label: "New" },
  { value: "handled", label: "Handled" },
];

export default function AdminMessages({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, filter, counts, page, hasMore, failing } = loaderData;
  const busy = useNavigation().state !== "idle";
  const query = filterQuery(filter);
  return (
    <>
      <h1 className="text-heading font-bold">Messages</h1>
      <p className="mt-1 text-muted">
        {counts.new} new, {counts.handled} handled.
      </p>
      <ActionStatus result={actionResult(actionData, undefined)} />
      <RetryFailing count={failing} busy={busy} />
      <ListFilters filter={filter} statuses={statusOptions} exportPath="/admin/messages/export.csv" query={query}>
        <FilterSelect name="topic" label="Topic" value={filter.topic} anyLabel="All topics" options={contactTopics} />
      </ListFilters>

      {messages.length === 0 ? (
        <p className="mt-8 text-muted">No messages match.</p>
      ) : (
        <ul className="mt-6 divide-y divide-line rounded-xl border border-line bg-surface">
          {messages.map((m) => (
            <li key={m.id} className="flex flex-wrap items-start justify-between gap-3 p-4">
              <div className="min-w-0">
                <Link
                  to={`/admin/messages/${m.id}`}
                  className="inline-flex tap-target items-center font-semibold wrap-anywhere text-brand underline"
                >
                  {m.name} — {topicLabel(m.topic)}
                </Link>
                <p className="truncate text-muted">{m.message}</p>
                <p className="text-small wrap-anywhere text-muted">
                  {formatDate(m.received_at)} · {m.email}
                </p>
                <SpamMark reasons={m.mark} className="mt-1" />
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <span
                  className={`rounded-full border px-2 py-0.5 text-small font-semibold ${m.status === "new" ? "border-brand bg-brand-soft" : "border-line"}`}
                >
                  {m.status === "new" ? "New" : "Handled"}
                </span>
                <ReplyDue due={m.due} />
                <Answered at={m.answeredText} />
                {m.deliveries.map((d) => (
                  <DeliveryStatus key={d.channel} channel={d.channel} status={d.status} lastError={d.lastError} short />
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
  return <AdminErrorBoundary list={{ href: "/admin/messages", name: "messages" }} />;
}
