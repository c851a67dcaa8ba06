import { data, Link } from "react-router";
import { AdminErrorBoundary } from "~/components/ui/admin-error";
import { staffContext } from "~/features/auth/access.server";
import { getLead } from "~/features/leads/leads.server";
import { leadKinds } from "~/lead-kinds.server";
import type { LeadKinds } from "~/lib/lead-kind";
import { plural } from "~/lib/format";
import { conversationsByLead } from "~/lib/lead-replies.server";
import { db } from "~/lib/db.server";
import { dataRequestsFor, listPersonalData } from "~/lib/personal-data.server";
import { officeTime } from "~/lib/reply-promises.server";
import { isRowId } from "~/lib/request.server";
import { seo } from "~/lib/seo";
import { abilities } from "~/lib/staff";
import { personalDataSources } from "~/personal-data.server";
import type { Route } from "./+types/admin.person";

/**
 * A person's page (decision 035): everything stored under the email address a lead gave, its
 * messages, order requests, reviews and what is held as spam, with each lead's conversation in
 * counts (replies, their answers, notes) and the data requests made for the address. Reached from
 * a lead, so the address never travels in a link; opening it is recorded like a data request's
 * search, with the counts and not the address.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const staff = context.get(staffContext);
  const kinds: LeadKinds = leadKinds;
  const kind = Object.hasOwn(kinds, params.kind) ? kinds[params.kind] : undefined;
  const found = kind && isRowId(params.id) ? await getLead(kind, params.id) : undefined;
  if (!kind || !found) throw data(null, { status: 404 });
  const email = kind.replyContact(found.lead).email;
  const listed = await listPersonalData(staff, personalDataSources, email, "Person's page opened");
  const counts = new Map<string, string>();
  for (const lead of Object.values(leadKinds)) {
    const ids = listed.kinds.flatMap((k) =>
      k.records.filter((r) => r.href === `${lead.path}/${r.id}`).map((r) => r.id),
    );
    const conversations = await conversationsByLead(db(), lead, ids);
    for (const [id, conversation] of conversations) {
      counts.set(
        id,
        [
          plural(conversation.replies.length, { one: "reply or call", many: "replies and calls" }),
          plural(conversation.answers.length, { one: "answer from them", many: "answers from them" }),
          plural(conversation.notes.length, { one: "note", many: "notes" }),
        ].join(", "),
      );
    }
  }
  return {
    email,
    from: { href: `${kind.path}/${found.lead.id}`, label: kind.label.toLowerCase() },
    total: listed.total,
    kinds: listed.kinds.map((k) => ({
      ...k,
      records: k.records.map((r) => ({ ...r, atText: officeTime(r.at), conversation: counts.get(r.id) ?? null })),
    })),
    requests: (await dataRequestsFor(email)).map((r) => ({ ...r, atText: officeTime(r.at) })),
    canHandleRequests: (abilities.owner as readonly string[]).includes(staff.role),
    // Reviews are listed for everyone who answers leads; opening one is for who moderates them.
    canOpenReviews: (abilities.reviews as readonly string[]).includes(staff.role),
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "A person's page",
    description: "Everything stored under one email address.",
    path: "/admin/person",
    noindex: true,
  });

const kindTitles: Record<string, string> = {
  messages: "Messages",
  orders: "Order requests",
  reviews: "Reviews",
  spam: "Held as spam",
};

export default function AdminPerson({ loaderData }: Route.ComponentProps) {
  const { email, from, total, kinds, requests, canHandleRequests, canOpenReviews } = loaderData;
  return (
    <article aria-labelledby="person-title">
      <Link
        to={from.href}
        className="-ml-3 inline-flex tap-target items-center rounded-md px-3 font-semibold text-brand underline"
      >
        <span aria-hidden="true">←&nbsp;</span>
        Back to the {from.label}
      </Link>
      <h1 id="person-title" className="mt-4 text-heading font-bold [overflow-wrap:anywhere]">
        Everything stored for {email}
      </h1>
      <p className="mt-1 max-w-prose text-muted">
        {plural(total, { one: "record", many: "records" })} under this address. Each lead shows its whole conversation
        when opened.
      </p>
      {kinds.map((kind) => (
        <section key={kind.kind} aria-labelledby={`kind-${kind.kind}`} className="mt-6">
          <h2 id={`kind-${kind.kind}`} className="text-subheading font-bold">
            {kindTitles[kind.kind] ?? kind.label}: {kind.records.length}
          </h2>
          {kind.records.length === 0 ? (
            <p className="mt-1 text-muted">None.</p>
          ) : (
            <ul className="mt-2 grid gap-2">
              {kind.records.map((record) => (
                <li key={record.id} className="rounded-xl border border-line bg-surface p-3">
                  {kind.kind === "reviews" && !canOpenReviews ? (
                    <p className="font-semibold">{record.summary}</p>
                  ) : (
                    <Link
                      to={record.href}
                      className="inline-flex tap-target items-center font-semibold text-brand underline"
                    >
                      {record.summary}
                    </Link>
                  )}
                  <p className="text-small text-muted">
                    <time dateTime={record.at}>{record.atText}</time>
                    {record.conversation ? ` · ${record.conversation}` : ""}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
      <section aria-labelledby="requests-title" className="mt-6">
        <h2 id="requests-title" className="text-subheading font-bold">
          Data requests
        </h2>
        {requests.length === 0 ? (
          <p className="mt-1 text-muted">None recorded for this address.</p>
        ) : (
          <ul className="mt-2 grid gap-1">
            {requests.map((request) => (
              <li key={`${request.at}-${request.what}`}>
                {request.what} by {request.by}, <time dateTime={request.at}>{request.atText}</time>
              </li>
            ))}
          </ul>
        )}
        {canHandleRequests ? (
          <p className="mt-2">
            <Link
              to={`/admin/data-requests?email=${encodeURIComponent(email)}`}
              className="inline-flex tap-target items-center text-brand underline"
            >
              Export or delete what is stored for this address
            </Link>
          </p>
        ) : (
          <p className="mt-2 text-muted">An owner exports or deletes what is stored, when the person asks.</p>
        )}
      </section>
    </article>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary list={{ href: "/admin/queue", name: "today's work" }} />;
}
