import { data, Form, useNavigation } from "react-router";
import { ActionStatus } from "~/components/ui/action-status";
import { buttonClass } from "~/components/ui/button";
import { ConfirmDelete } from "~/components/ui/confirm-delete";
import { StarRating } from "~/components/ui/star-rating";
import { requireStaffPage } from "~/features/auth/auth.server";
import { moderateReview } from "~/features/testimonials/moderation.server";
import { moderationOutcomes } from "~/features/testimonials/outcomes";
import { countByState, listAllTestimonials, listAudit } from "~/features/testimonials/queries.server";
import { tagLabel } from "~/features/testimonials/schema";
import { formatDate } from "~/lib/format";
import { readForm } from "~/lib/request.server";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/admin.testimonials";

// Every admin loader checks the session itself: a data request can ask for one route's loader alone.
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaffPage(request);
  const search = new URL(request.url).searchParams.get("q")?.replaceAll("\0", "").slice(0, 100) ?? "";
  const [reviews, counts, audit] = await Promise.all([listAllTestimonials(search), countByState(), listAudit(20)]);
  return { reviews, counts, audit, search };
}

export async function action({ request }: Route.ActionArgs) {
  const staff = await requireStaffPage(request);
  const result = await moderateReview(staff, Object.fromEntries(await readForm(request)));
  if (!result.ok) return data({ ok: false, message: result.status === 404 ? "That review no longer exists." : result.error }, { status: result.status });
  const notice = moderationOutcomes[result.intent].ok;
  return { ok: true, message: `${notice.title}: ${notice.description}` };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Moderate reviews", description: "Review moderation.", path: "/admin/testimonials", noindex: true });

export default function AdminTestimonials({ loaderData, actionData }: Route.ComponentProps) {
  const { reviews, counts, audit, search } = loaderData;
  const busy = useNavigation().state !== "idle";
  return (
    <>
      <h1 className="text-2xl font-bold">Reviews</h1>
      <p className="mt-1 text-muted">
        {counts.pending} pending, {counts.published} published.
      </p>
      <ActionStatus result={actionData} />
      <Form method="get" role="search" className="mt-6 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="review-search" className="block font-semibold">
            Search by name or text
          </label>
          <input id="review-search" name="q" type="search" defaultValue={search} className="mt-1 min-h-11 rounded-md border-2 border-line bg-canvas px-3" />
        </div>
        <button type="submit" className={buttonClass("secondary")}>
          Search
        </button>
      </Form>

      {reviews.length === 0 ? (
        <p className="mt-8 text-muted">{search ? "No reviews match." : "No reviews yet."}</p>
      ) : (
        <ul className="mt-6 space-y-4">
          {reviews.map((review) => (
            <li key={review.id} className="rounded-xl border border-line bg-surface p-5">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 className="text-lg font-semibold">
                  {review.name} <span className="text-sm font-normal text-muted">({review.email})</span>
                </h2>
                <span className="flex gap-2">
                  {review.verified ? <span className="rounded-full border border-success px-2 py-0.5 text-sm font-semibold">Verified</span> : null}
                  <span className={`rounded-full border px-2 py-0.5 text-sm font-semibold ${review.approved ? "border-success bg-success-soft" : "border-warning bg-warning-soft"}`}>
                    {review.approved ? "Published" : "Pending"}
                  </span>
                </span>
              </div>
              <div className="mt-2">
                <StarRating value={review.rating} size="sm" />
              </div>
              <p className="mt-2 whitespace-pre-wrap">{review.quote}</p>
              <p className="mt-2 text-sm text-muted">
                {review.context ? `${review.context} · ` : ""}
                {review.tags.map(tagLabel).join(", ")}
                {review.tags.length ? " · " : ""}Submitted {formatDate(review.createdAt)}
              </p>
              <div className="mt-3 flex flex-wrap items-start gap-2">
                <Form method="post">
                  <input type="hidden" name="id" value={review.id} />
                  <input type="hidden" name="intent" value={review.approved ? "unpublish" : "approve"} />
                  <button type="submit" disabled={busy} className={buttonClass(review.approved ? "secondary" : "primary")}>
                    {review.approved ? "Unpublish" : "Approve"}
                    <span className="sr-only"> the review by {review.name}</span>
                  </button>
                </Form>
                <Form method="post">
                  <input type="hidden" name="id" value={review.id} />
                  <input type="hidden" name="intent" value={review.verified ? "unverify" : "verify"} />
                  <button type="submit" disabled={busy} className={buttonClass("secondary")}>
                    {review.verified ? "Unmark verified" : "Mark verified customer"}
                    <span className="sr-only">: {review.name}</span>
                  </button>
                </Form>
                <ConfirmDelete question="Delete this review for good?" hiddenFields={{ id: review.id, intent: "delete" }} busy={busy} targetName={`the review by ${review.name}`} />
              </div>
            </li>
          ))}
        </ul>
      )}

      <section aria-labelledby="audit-title" className="mt-12">
        <h2 id="audit-title" className="text-xl font-bold">
          Recent staff actions
        </h2>
        {audit.length === 0 ? (
          <p className="mt-2 text-muted">Nothing yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-line rounded-xl border border-line bg-surface">
            {audit.map((entry) => (
              <li key={entry.id} className="p-3 text-sm">
                <strong>{entry.username}</strong> {entry.action.replace(/-/g, " ")} {entry.target_type.replace(/_/g, " ")}
                {entry.target_id ? ` ${entry.target_id.slice(0, 8)}` : ""} · {formatDate(entry.at)}{" "}
                {new Date(entry.at).toISOString().slice(11, 16)} UTC
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
