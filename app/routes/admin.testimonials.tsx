import { Form, Link, redirect, useNavigation } from "react-router";
import { ActionStatus } from "~/components/ui/action-status";
import { buttonClass } from "~/components/ui/button";
import { pageAddress, requireConfirmed, staffContext } from "~/features/auth/access.server";
import { ordersByEmail } from "~/features/orders/admin.server";
import { AdminReview } from "~/features/reviews/admin-review";
import { moderateReview } from "~/features/reviews/moderation.server";
import { adminSectionAddress, moderationNoticeId, moderationOutcomes } from "~/features/reviews/outcomes";
import {
  countAwaitingModeration,
  countByState,
  listAllReviews,
  moveReviewToSpam,
} from "~/features/reviews/moderation-store.server";
import { listAudit } from "~/lib/audit.server";
import { reviewStates } from "~/features/reviews/types";
import { reviewStateLabels } from "~/content/review-labels";
import { actionDone, actionFailed } from "~/lib/admin-action";
import { flashUnique, setFlash } from "~/lib/flash.server";
import { formatDate } from "~/lib/format";
import { safeRedirect } from "~/lib/safe-redirect";
import { isRowId, readForm } from "~/lib/request.server";
import { possibleSpamFilter, wantsMarked } from "~/lib/spam-mark";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/admin.testimonials";
import { AdminErrorBoundary } from "~/components/ui/admin-error";

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const search = params.get("q")?.replaceAll("\0", "").slice(0, 100) ?? "";
  const state = reviewStates.find((s) => s === params.get("state"));
  const marked = wantsMarked(params);
  const [reviews, counts, awaiting, audit] = await Promise.all([
    listAllReviews(search, 200, state, marked),
    countByState(),
    countAwaitingModeration(),
    listAudit(20),
  ]);
  // Whether each reviewer sent an order request: what staff check before marking a review verified.
  const orders = await ordersByEmail(reviews.map((r) => r.email));
  return {
    reviews: reviews.map((review) => ({ review, orders: orders.get(review.email.toLowerCase()) ?? [] })),
    counts,
    markedCount: awaiting.marked,
    audit,
    search,
    state: state ?? null,
    marked,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = context.get(staffContext);
  const form = Object.fromEntries(await readForm(request));
  // Not one of the moderation intents of docs/requirements.md §4.1: the review leaves moderation for the spam store.
  if (form.intent === "move-to-spam") {
    const moved = typeof form.id === "string" && isRowId(form.id) && (await moveReviewToSpam(staff, form.id));
    if (!moved) return actionFailed("That review is no longer awaiting moderation.", 404);
    return actionDone("Moved to Spam. It is no longer listed here; “Not spam” in Spam brings it back to moderation.");
  }
  // Deleting cannot be undone: the person must have proved who they are in the last five minutes.
  if (form.intent === "delete") requireConfirmed(request, staff, safeRedirect(form.returnTo, pageAddress(request)));
  const result = await moderateReview(staff, form);
  // The panel on the reviews page posts here too, and its visitor stays there to read the outcome.
  if (form.returnTo !== undefined) {
    const notice = moderationNoticeId({ ok: result.ok, intent: result.intent }, flashUnique());
    const headers = { "Set-Cookie": setFlash("moderated", notice) };
    return redirect(safeRedirect(form.returnTo, adminSectionAddress), { status: 303, headers });
  }
  if (!result.ok) {
    const failed = result.intent ? moderationOutcomes[result.intent].failed : undefined;
    return actionFailed(
      result.status === 404
        ? "That review no longer exists."
        : result.status === 503 && failed
          ? `${failed.title}. ${failed.description}`
          : result.error,
      result.status,
      { errors: result.errors },
    );
  }
  const notice = moderationOutcomes[result.intent].ok;
  return actionDone(`${notice.title}: ${notice.description}`);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Moderate reviews",
    description: "Review moderation.",
    path: "/admin/testimonials",
    noindex: true,
  });

export default function AdminReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { reviews, counts, markedCount, audit, search, state, marked } = loaderData;
  const busy = useNavigation().state !== "idle";
  return (
    <>
      <h1 className="text-heading font-bold">Reviews</h1>
      <p className="mt-1 text-muted">
        {counts.pending} pending, {counts.published} published, {counts.declined} not published. Ratings never decide:
        publish every review about the product, whatever its rating, and record a reason for any you do not.
      </p>
      <ActionStatus result={actionData} />
      <Form method="get" role="search" className="mt-6 flex flex-wrap items-end gap-3">
        {state ? <input type="hidden" name="state" value={state} /> : null}
        <div>
          <label htmlFor="review-search" className="block font-semibold">
            Search by name, text or email
          </label>
          <input
            id="review-search"
            name="q"
            type="search"
            defaultValue={search}
            className="mt-1 min-h-11 rounded-md border-2 border-line bg-canvas px-3"
          />
        </div>
        <button type="submit" className={buttonClass("secondary")}>
          Search
        </button>
      </Form>

      <nav aria-label="Reviews by state" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {[null, ...reviewStates].map((tab) => (
            <li key={tab ?? "all"}>
              <Link
                to={`/admin/testimonials${tab ? `?state=${tab}` : ""}`}
                aria-current={state === tab && !marked ? "page" : undefined}
                className="inline-flex tap-target items-center rounded-full border border-line px-4 font-semibold hover:bg-surface-raised aria-[current=page]:border-brand aria-[current=page]:bg-brand aria-[current=page]:text-brand-ink"
              >
                {tab ? `${reviewStateLabels[tab]} (${counts[tab]})` : "All"}
              </Link>
            </li>
          ))}
          <li>
            <Link
              to={`/admin/testimonials?mark=${possibleSpamFilter}`}
              aria-current={marked ? "page" : undefined}
              className="inline-flex tap-target items-center rounded-full border border-line px-4 font-semibold hover:bg-surface-raised aria-[current=page]:border-brand aria-[current=page]:bg-brand aria-[current=page]:text-brand-ink"
            >
              Possible spam ({markedCount} awaiting)
            </Link>
          </li>
        </ul>
      </nav>

      {reviews.length === 0 ? (
        <p className="mt-8 text-muted">
          {search
            ? "No reviews match."
            : marked
              ? "No reviews are marked as possible spam."
              : state
                ? `No reviews in “${reviewStateLabels[state]}”.`
                : "No reviews yet."}
        </p>
      ) : (
        <ul className="mt-6 space-y-4">
          {reviews.map(({ review, orders }) => (
            <li key={review.id}>
              <AdminReview review={review} orders={orders} busy={busy} />
            </li>
          ))}
        </ul>
      )}

      <section aria-labelledby="audit-title" className="mt-12">
        <h2 id="audit-title" className="text-subheading font-bold">
          Recent staff actions
        </h2>
        {audit.length === 0 ? (
          <p className="mt-2 text-muted">Nothing yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-line rounded-xl border border-line bg-surface">
            {audit.map((entry) => (
              <li key={entry.id} className="p-3 text-small">
                <strong>{entry.username}</strong> {entry.action.replace(/-/g, " ")}{" "}
                {entry.target_type.replace(/_/g, " ")}
                {entry.target_id ? ` ${entry.target_id.slice(0, 8)}` : ""}
                {entry.detail ? ` (${entry.detail})` : ""} · {formatDate(entry.at)}{" "}
                {new Date(entry.at).toISOString().slice(11, 16)} UTC
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary list={{ href: "/admin/testimonials", name: "reviews" }} />;
}
