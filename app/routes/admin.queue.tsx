import { Form, Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { FilterSelect } from "~/components/admin/list-filters";
import { ReplyDue } from "~/components/admin/reply-due";
import { AdminErrorBoundary } from "~/components/ui/admin-error";
import { staffContext } from "~/features/auth/access.server";
import { assignees } from "~/features/leads/assign.server";
import { parseQueueFilter, type QueueItem, waitingLeads } from "~/features/leads/queue.server";
import { leadKinds } from "~/lead-kinds.server";
import { formatCount, plural } from "~/lib/format";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/admin.queue";

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = context.get(staffContext).accountId;
  const params = new URL(request.url).searchParams;
  const who = params.get("who") ?? "";
  // Which sections to show: all, or only one due state.
  const due = sections.find((section) => section.key === params.get("due"))?.key ?? "";
  const [queue, people] = await Promise.all([
    waitingLeads(leadKinds, new Date(), parseQueueFilter(new URL(request.url).searchParams, me)),
    assignees(),
  ]);
  return { ...queue, people, who, due };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Today's work",
    description: "Leads by when their reply is due.",
    path: "/admin/queue",
    noindex: true,
  });

const sections = [
  { key: "overdue", title: "Overdue", empty: "Nothing is overdue." },
  { key: "today", title: "Due today", empty: "Nothing else is due today." },
  { key: "later", title: "Coming up", empty: "Nothing else is waiting." },
] as const;

/**
 * Every message and order request still waiting for its reply, overdue first, then due today,
 * then the rest, each by when it is due (docs/requirements.md §4.8).
 */
export default function AdminQueue({ loaderData }: Route.ComponentProps) {
  const { waiting, waitingOverdue, more } = loaderData;
  const listed = loaderData.overdue.length + loaderData.today.length + loaderData.later.length;
  /** Leads due today or later that the list leaves out (it holds the soonest due, overdue first). */
  const notOverdueLeftOut = waiting - waitingOverdue > loaderData.today.length + loaderData.later.length;
  /** A section's count: all of them, or, when the list stops short of them, how many it shows. */
  const sectionCount = (key: (typeof sections)[number]["key"]) => {
    const shown = formatCount(loaderData[key].length);
    if (key === "overdue")
      return loaderData.overdue.length < waitingOverdue ? `${shown} of ${formatCount(waitingOverdue)} shown` : shown;
    return notOverdueLeftOut ? `${shown} shown` : shown;
  };
  return (
    <>
      <h1 className="text-heading font-bold">Today&apos;s work</h1>
      <p className="mt-1 max-w-prose text-muted">
        {waiting === 0
          ? "No message or order request is waiting for a reply."
          : `${plural(waiting, { one: "lead is", many: "leads are" })} waiting for a reply${waitingOverdue > 0 ? ` (${formatCount(waitingOverdue)} overdue)` : ""}, the soonest due first. A message is due one business day after it arrives and late after two; an order request's call is due one business day after it arrives.`}
        {more ? ` Showing the ${formatCount(listed)} due soonest; the Messages and Orders lists have them all.` : ""}
      </p>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
        <FilterSelect
          name="who"
          label="Handled by"
          value={loaderData.who}
          anyLabel="Anyone"
          options={[
            { value: "me", label: "Me" },
            { value: "nobody", label: "No one yet" },
            ...loaderData.people.map((person) => ({ value: person.id, label: person.username })),
          ]}
        />
        <FilterSelect
          name="due"
          label="Due"
          value={loaderData.due}
          anyLabel="Any time"
          options={sections.map((section) => ({ value: section.key, label: section.title }))}
        />
        <button type="submit" className={buttonClass("secondary")}>
          Show
        </button>
      </Form>
      {sections
        .filter((section) => !loaderData.due || section.key === loaderData.due)
        .map((section) => (
          <section key={section.key} aria-labelledby={`queue-${section.key}`} className="mt-8">
            <h2 id={`queue-${section.key}`} className="text-subheading font-bold">
              {section.title} <span className="font-normal text-muted">({sectionCount(section.key)})</span>
            </h2>
            {loaderData[section.key].length === 0 ? (
              <p className="mt-2 text-muted">
                {notOverdueLeftOut && section.key !== "overdue"
                  ? `None of the ${formatCount(listed)} shown; the Messages and Orders lists have the rest.`
                  : section.empty}
              </p>
            ) : (
              <ol className="mt-3 divide-y divide-line rounded-xl border border-line bg-surface">
                {loaderData[section.key].map((item) => (
                  <QueueRow key={`${item.kind}-${item.id}`} item={item} />
                ))}
              </ol>
            )}
          </section>
        ))}
    </>
  );
}

function QueueRow({ item }: { item: QueueItem }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-4">
      <div className="min-w-0">
        <Link
          to={item.href}
          className="inline-flex tap-target items-center font-semibold wrap-anywhere text-brand underline"
        >
          {item.title}
        </Link>
        <p className="text-small text-muted">
          {item.label} · {item.due.waitingFor === "answer" ? "they answered our reply" : `arrived ${item.arrivedText}`}{" "}
          · {item.assignee ? `handled by ${item.assignee}` : "no one handles it yet"}
        </p>
      </div>
      <ReplyDue due={item.due} />
    </li>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary list={{ href: "/admin/queue", name: "today's work" }} />;
}
