import { company } from "~/content/site";
import { testimonialsDescription, testimonialsPage, testimonialsSearch } from "~/content/testimonials";
import { getStaff } from "~/features/auth/sessions.server";
import { signInFailureMessage } from "~/features/auth/sign-in.server";
import { type AdminNotice, AdminSection } from "~/features/reviews/admin-section";
import {
  adminAccessOutcomes,
  moderationNotice,
  readModerationNoticeId,
  reviewOutcomes,
} from "~/features/reviews/outcomes";
import { flagReviewText } from "~/features/reviews/flags";
import { ReviewLedgerSummary } from "~/features/reviews/ledger";
import { getReviewLedger } from "~/features/reviews/ledger.server";
import { listAllReviews } from "~/features/reviews/moderation-store.server";
import { listPublishedReviews } from "~/features/reviews/list.server";
import { ratingSummary } from "~/features/reviews/types";
import { ReviewList } from "~/features/reviews/review-list";
import { ShareReview } from "~/features/reviews/share-review";
import { parseFilter, parsePosition, reviewFields } from "~/features/reviews/fields";
import { submitReview } from "~/features/reviews/submit.server";
import type { Flash, NoticeHandle } from "~/lib/flash";
import { answerForm } from "~/lib/form-action.server";
import { readFlash } from "~/lib/flash.server";
import { formTickets } from "~/lib/form-ticket.server";
import { forwardRetryAfter } from "~/lib/request.server";
import { isUnreachable, orUnreachable, revalidateUnlessUnreachable } from "~/lib/unreachable";
import { crumbs, productLd, reviewId, seo, siteUrlFrom } from "~/lib/seo";
import type { Route } from "./+types/testimonials";

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const filter = parseFilter(params.get("tag"));
  const [list, ledger, staff] = await Promise.all([
    listPublishedReviews(filter, parsePosition(params)),
    getReviewLedger(),
    getStaff(request),
  ]);
  const all = staff ? await listAllReviews() : [];
  const flash = readFlash(request);
  // Pending reviews come with their flags worked out here, so the page carries no word lists.
  const brief = (r: (typeof all)[number]) => ({ id: r.id, name: r.name, rating: r.rating, quote: r.quote });
  return {
    filter,
    ...list,
    ledger,
    // One per form (the one in the page, the one in the dialog): a key counts one submission.
    tickets: await formTickets().then((tickets) => ({ page: tickets.issue(), dialog: tickets.issue() })),
    // Only a review this visitor has just sent (and we stored) shows the confirmation.
    reviewSent: flash?.key === "review-sent" ? flash.id : null,
    admin: adminNotice(flash),
    panel: staff
      ? {
          pending: all
            .filter((r) => r.state === "pending")
            .map((r) => ({ ...brief(r), flags: flagReviewText(r.quote, r.context), spamMark: r.spamMark })),
          published: all.filter((r) => r.state === "published").map(brief),
        }
      : null,
  };
}

/**
 * The review form's endpoint, with or without JavaScript; the JSON API calls the same function.
 * The admin box's password posts to /admin/login and its moderation buttons to /admin/testimonials,
 * which send the visitor back here with the outcome as a one-time notice.
 */
export const action = ({ request, context }: Route.ActionArgs) =>
  answerForm(request, {
    form: "review-form",
    fields: reviewFields,
    submit: (form, start) => submitReview(form, context.clientIp ?? "unknown", start),
    // The confirmation is drawn from the one-time notice, so "?sent=1" alone shows the page as usual.
    sent: () => ({ location: "/testimonials?sent=1", notice: "review-sent" }),
  });

/** The notices that land on this page: a review stored, and the admin box's outcomes. */
export const handle: NoticeHandle = {
  notices: {
    "review-sent": () => reviewOutcomes.submitted,
    "admin-access": () => adminAccessOutcomes.granted,
    "admin-denied": () => ({ ...adminAccessOutcomes.denied, failed: true }),
    moderated: (id) => {
      const result = readModerationNoticeId(id);
      return { ...moderationNotice(result), failed: !result.ok };
    },
  },
};

/** The admin box's outcome, carried back from /admin/login or /admin/testimonials. */
function adminNotice(flash: Flash | undefined): AdminNotice | undefined {
  if (flash?.key === "admin-denied")
    return { accessDenied: signInFailureMessage(flash.id) ?? adminAccessOutcomes.denied.description };
  if (flash?.key === "moderated") return { moderated: readModerationNoticeId(flash.id) };
  return undefined;
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => orUnreachable(serverAction);
export const shouldRevalidate = revalidateUnlessUnreachable;

export const headers = forwardRetryAfter;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const siteUrl = siteUrlFrom(matches);
  // The reviews this page shows, and the average and count over every published review.
  const reviews = loaderData?.reviews.slice(0, 10) ?? [];
  const summary = loaderData ? ratingSummary(loaderData.ledger) : undefined;
  const jsonLd = [productLd(siteUrl, summary ? { summary, reviews } : undefined)];
  if (reviews.length && summary?.count) {
    jsonLd.push({
      "@type": "ItemList",
      name: `Reviews of the ${company.productName} cushion`,
      itemListElement: reviews.map((r, index) => ({
        "@type": "ListItem",
        position: index + 1,
        item: { "@id": reviewId(siteUrl, r.id) },
      })),
    });
  }
  return seo(matches, {
    title: testimonialsPage.title,
    description: testimonialsDescription(loaderData?.ledger),
    path: "/testimonials",
    keywords: testimonialsSearch.keywords,
    breadcrumbs: crumbs(testimonialsSearch.breadcrumb, "/testimonials"),
    jsonLd,
  });
};

export default function Reviews({ loaderData, actionData }: Route.ComponentProps) {
  const { filter, reviews, ledger, newer, older, total, tickets, reviewSent, panel, admin } = loaderData;

  return (
    <>
      <header className="border-b border-line bg-surface">
        <div className="container-page py-12 md:py-16">
          <h1 className="text-title font-bold">{testimonialsPage.title}</h1>
          <p className="mt-4 max-w-prose text-lead text-muted">{testimonialsPage.intro}</p>
        </div>
      </header>

      <div className="container-page py-12">
        <ReviewLedgerSummary ledger={ledger} />

        <ReviewList filter={filter} reviews={reviews} total={total} newer={newer} older={older} />

        <aside
          aria-label={testimonialsPage.notice.label}
          className="mt-10 rounded-xl border border-warning bg-warning-soft p-5"
        >
          <p>
            <strong>{testimonialsPage.notice.lead}</strong> {testimonialsPage.notice.body}
          </p>
        </aside>
      </div>

      <ShareReview
        tickets={tickets}
        sent={reviewSent}
        pageAnswer={isUnreachable(actionData) ? undefined : actionData}
      />

      <AdminSection panel={panel} notice={admin} />
    </>
  );
}
