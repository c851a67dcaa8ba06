import { Form, Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Pager, pageNumber } from "~/components/ui/pager";
import { contactTopics, topicLabel } from "~/content/contact";
import { DeliveryStatus } from "~/components/admin/delivery-status";
import { listMessages, parseInboxFilter } from "~/features/contact/inbox.server";
import { SpamMark, SpamMarkFilter } from "~/components/ui/spam-mark";
import { formatDate } from "~/lib/format";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/admin.messages";
import { AdminErrorBoundary } from "~/components/ui/admin-error";

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const filter = parseInboxFilter(params);
  const page = pageNumber(params);
  return { filter, page, ...(await listMessages(filter, page)) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Messages", description: "Contact messages.", path: "/admin/messages", noindex: true });

export default function AdminMessages({ loaderData }: Route.ComponentProps) {
  const { messages, filter, counts, page, hasMore } = loaderData;
  const query = new URLSearchParams(Object.entries(filter).filter((e): e is [string, string] => Boolean(e[1])));
  return (
    <>
      <h1 className="text-heading font-bold">Messages</h1>
      <p className="mt-1 text-muted">
        {counts.new} new, {counts.handled} handled.
      </p>
      <Form method="get" className="mt-6 flex flex-wrap items-end gap-4">
        <div>
          <label htmlFor="filter-topic" className="block font-semibold">
            Topic
          </label>
          <select
            id="filter-topic"
            name="topic"
            defaultValue={filter.topic ?? ""}
            className="mt-1 min-h-11 rounded-md border-2 border-line bg-canvas px-3"
          >
            <option value="">All topics</option>
            {contactTopics.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-status" className="block font-semibold">
            Status
          </label>
          <select
            id="filter-status"
            name="status"
            defaultValue={filter.status ?? ""}
            className="mt-1 min-h-11 rounded-md border-2 border-line bg-canvas px-3"
          >
            <option value="">Any status</option>
            <option value="new">New</option>
            <option value="handled">Handled</option>
          </select>
        </div>
        <SpamMarkFilter value={filter.mark} />
        <button type="submit" className={buttonClass("secondary")}>
          Filter
        </button>
        <a
          href={`/admin/messages/export.csv${query.size ? `?${query}` : ""}`}
          className={buttonClass("quiet")}
          download
        >
          Export CSV
        </a>
      </Form>

      {messages.length === 0 ? (
        <p className="mt-8 text-muted">No messages match.</p>
      ) : (
        <ul className="mt-6 divide-y divide-line rounded-xl border border-line bg-surface">
          {messages.map((m) => (
            <li key={m.id} className="flex flex-wrap items-start justify-between gap-3 p-4">
              <div className="min-w-0">
                <Link
                  to={`/admin/messages/${m.id}`}
                  className="inline-flex tap-target items-center font-semibold text-brand underline"
                >
                  {m.name} — {topicLabel(m.topic)}
                </Link>
                <p className="truncate text-muted">{m.message}</p>
                <p className="text-small text-muted">
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
                {m.deliveries.map((d) => (
                  <DeliveryStatus key={d.channel} channel={d.channel} status={d.status} />
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
