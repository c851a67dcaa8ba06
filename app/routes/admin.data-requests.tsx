import { Form, Link, useNavigation } from "react-router";
import { ActionStatus } from "~/components/ui/action-status";
import { actionDone, actionFailed } from "~/lib/admin-action";
import { AdminErrorBoundary } from "~/components/ui/admin-error";
import { buttonClass } from "~/components/ui/button";
import { ConfirmDelete } from "~/components/ui/confirm-delete";
import { TextField } from "~/components/ui/field";
import { requireConfirmed, staffContext } from "~/features/auth/access.server";
import { getConfig } from "~/lib/config.server";
import { formatDateTime, plural } from "~/lib/format";
import { PersonalDataEraseSchema, PersonalDataLookupSchema } from "~/lib/personal-data";
import { erasePersonalData, listPersonalData, type PersonalDataKind } from "~/lib/personal-data.server";
import { readForm } from "~/lib/request.server";
import { seo } from "~/lib/seo";
import { z } from "~/lib/zod";
import { personalDataSources } from "~/personal-data.server";
import type { Route } from "./+types/admin.data-requests";

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const reviewMonths = getConfig().retention.reviewMonths;
  if (!params.has("email")) return { searched: null, error: null, reviewMonths };
  const parsed = PersonalDataLookupSchema.safeParse({ email: params.get("email") });
  if (!parsed.success)
    return {
      searched: null,
      error: z.flattenError(parsed.error).fieldErrors.email?.[0] ?? "Please enter a valid email address",
      typed: params.get("email")?.slice(0, 254),
      reviewMonths,
    };
  // Each record's line and link only; who searched is recorded like the opening of a record.
  const staff = context.get(staffContext);
  return {
    searched: await listPersonalData(staff, personalDataSources, parsed.data.email),
    error: null,
    reviewMonths,
  };
}

const kindWords: Record<PersonalDataKind, { one: string; many: string }> = {
  reviews: { one: "review", many: "reviews" },
  messages: { one: "message", many: "messages" },
  orders: { one: "order request", many: "order requests" },
  spam: { one: "item held as spam", many: "items held as spam" },
};
const recordWords = { one: "record", many: "records" };
const deliveryWords = { one: "delivery record", many: "delivery records" };

export async function action({ request, context }: Route.ActionArgs) {
  const staff = context.get(staffContext);
  const parsed = PersonalDataEraseSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return actionFailed("That request could not be read. Find the address again, then delete.", 400);
  // Back to this address's list after confirming: the erasure is pressed again there, on what is stored then.
  requireConfirmed(request, staff, `/admin/data-requests?email=${encodeURIComponent(parsed.data.email)}`);
  const result = await erasePersonalData(staff, personalDataSources, parsed.data.email, parsed.data.seen);
  if (!result.ok) {
    return actionFailed(
      `Nothing was deleted: what is stored for this address changed since you looked (${plural(result.total, recordWords)} now). Check the list below, then delete again if you still should.`,
      409,
    );
  }
  const counts = (Object.keys(kindWords) as PersonalDataKind[])
    .filter((kind) => result.erased[kind] > 0)
    .map((kind) => plural(result.erased[kind], kindWords[kind]));
  return actionDone(
    `Deleted for good: ${counts.join(", ")}, and ${plural(result.deliveries, deliveryWords)}. The audit log records that you did it, with these counts.`,
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Data requests",
    description: "Find, export or delete what is stored for an email address.",
    path: "/admin/data-requests",
    noindex: true,
  });

export default function AdminDataRequests({ loaderData, actionData }: Route.ComponentProps) {
  const { searched, error, reviewMonths } = loaderData;
  const busy = useNavigation().state !== "idle";
  const typed = searched?.email ?? ("typed" in loaderData ? loaderData.typed : undefined);
  return (
    <>
      <h1 className="text-heading font-bold">Data requests</h1>
      <p className="mt-1 max-w-prose text-muted">
        When someone asks for a copy of what we keep about them, or asks us to delete it, find it here by the email
        address they used. Check that the request comes from that address (for example, reply to it) before you send a
        copy or delete. Exports and deletions are recorded in the audit log with their counts, never the address or what
        was written. Deleting here removes everything from the site&rsquo;s database: delete the notification emails
        about it too, and, where messages are forwarded to another service, ask it to delete its copies (the privacy
        policy promises both).
      </p>
      <ActionStatus result={actionData} />
      <Form method="get" noValidate className="mt-6 flex max-w-xl flex-wrap items-end gap-3">
        <div className="min-w-64 flex-1">
          <TextField
            name="email"
            label="Email address"
            type="email"
            required
            autoComplete="off"
            defaultValue={typed}
            error={error ?? undefined}
          />
        </div>
        <button type="submit" className={buttonClass("secondary")}>
          Find
        </button>
      </Form>

      {searched ? (
        <section aria-labelledby="found-title" className="mt-8">
          <h2 id="found-title" className="text-subheading font-bold">
            Stored for {searched.email}: {plural(searched.total, recordWords)}
          </h2>
          {searched.total === 0 ? (
            <p className="mt-2 max-w-prose text-muted">
              Nothing is stored for this address. A published review keeps its address for {reviewMonths} months only;
              to find an older one, search the reviews by the writer&rsquo;s name.
            </p>
          ) : null}
          <ul className="mt-4 space-y-4">
            {searched.kinds.map((kind) => (
              <li key={kind.kind} className="rounded-xl border border-line bg-surface p-4">
                <h3 className="font-semibold">
                  {kind.label[0]?.toUpperCase()}
                  {kind.label.slice(1)}: {kind.records.length}
                </h3>
                {kind.records.length ? (
                  <ul className="mt-2 space-y-1">
                    {kind.records.map((record) => {
                      const deliveries = record.deliveries;
                      return (
                        <li key={record.id}>
                          <Link
                            to={record.href}
                            className="inline-flex tap-target items-center font-semibold text-brand underline"
                          >
                            {record.summary}
                          </Link>{" "}
                          <span className="text-muted">
                            · received {formatDateTime(record.at)}
                            {deliveries ? ` · ${plural(deliveries, deliveryWords)}` : ""}
                          </span>
                        </li>
                      );
                    })}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
          {searched.total > 0 ? (
            <div className="mt-6 flex flex-wrap items-start gap-3">
              <a
                href={`/admin/data-requests/export.json?${new URLSearchParams({ email: searched.email })}`}
                className={buttonClass("primary")}
              >
                Download everything (JSON)
              </a>
              <ConfirmDelete
                question={`Delete all ${plural(searched.total, recordWords)} stored for ${searched.email}, with their delivery records, for good? A published review is taken down and counted as removed at the writer's request. This cannot be undone.`}
                hiddenFields={{ intent: "erase", email: searched.email, seen: searched.fingerprint }}
                busy={busy}
                targetName={`everything stored for ${searched.email}`}
              />
            </div>
          ) : null}
        </section>
      ) : null}
    </>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary list={{ href: "/admin/data-requests", name: "data requests" }} />;
}
