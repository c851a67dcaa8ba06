import { Link } from "react-router";
import { LinkButton } from "~/components/ui/button";
import { Dialog, DialogTrigger } from "~/components/ui/dialog";
import { company } from "~/content/site";
import {
  type GuidanceBox,
  reviewGuidance,
  showingReviews,
  testimonialsDescription,
  testimonialsPage,
} from "~/content/testimonials";
import { getStaff, signInFailureMessage } from "~/features/auth/auth.server";
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
import { ReviewCard } from "~/features/reviews/review-card";
import { ReviewForm } from "~/features/reviews/review-form";
import {
  filterTabs,
  parseFilter,
  parsePosition,
  reviewFields,
  type ReviewPosition,
  reviewPageQuery,
} from "~/features/reviews/fields";
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
          approved: all.filter((r) => r.state === "published").map(brief),
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
    keywords: testimonialsPage.keywords,
    breadcrumbs: crumbs(testimonialsPage.breadcrumb, "/testimonials"),
    jsonLd,
  });
};

export default function Reviews({ loaderData, actionData }: Route.ComponentProps) {
  const { filter, reviews, ledger, newer, older, total, tickets, reviewSent, panel, admin } = loaderData;
  const pageHref = (position: ReviewPosition) => `/testimonials${reviewPageQuery(filter, position)}#reviews`;

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

        <nav id="filters" aria-label={testimonialsPage.filtersLabel} className="mt-8">
          <ul className="flex flex-wrap gap-2">
            {filterTabs.map((tab) => (
              <li key={tab.value}>
                <Link
                  to={tab.value === "all" ? "/testimonials#filters" : `/testimonials?tag=${tab.value}#filters`}
                  preventScrollReset
                  aria-current={filter === tab.value ? "page" : undefined}
                  className="inline-flex tap-target items-center rounded-full border border-line px-4 font-semibold hover:bg-surface-raised aria-[current=page]:border-brand aria-[current=page]:bg-brand aria-[current=page]:text-brand-ink"
                >
                  {tab.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <section id="reviews" aria-label={testimonialsPage.reviewsLabel} className="mt-6">
          {reviews.length === 0 ? (
            <p className="rounded-xl border border-line bg-surface p-6 text-center text-muted">
              {testimonialsPage.noReviews}
            </p>
          ) : (
            <>
              <p className="sr-only" role="status">
                {showingReviews(reviews.length, total)}
              </p>
              {/* Columns, not a grid: each card takes the height of its words, and the order in the
                  source (newest first, down each column) is the order of reading and of Tab. */}
              <ul className="gap-6 md:columns-2 lg:columns-3">
                {reviews.map((review) => (
                  <li key={review.id} className="mb-6 min-w-0 break-inside-avoid">
                    <ReviewCard review={review} />
                  </li>
                ))}
              </ul>
            </>
          )}
          {newer || older ? (
            <nav
              aria-label={testimonialsPage.pagesLabel}
              className="mt-8 flex flex-wrap items-center justify-center gap-3"
            >
              {newer ? (
                <>
                  <LinkButton to={pageHref({ from: "newest" })} variant="quiet">
                    {testimonialsPage.newest}
                  </LinkButton>
                  <LinkButton to={pageHref(newer)} variant="secondary" rel="prev">
                    {testimonialsPage.newer}
                  </LinkButton>
                </>
              ) : null}
              {older ? (
                <>
                  <LinkButton to={pageHref(older)} variant="secondary" rel="next">
                    {testimonialsPage.older}
                  </LinkButton>
                  <LinkButton to={pageHref({ from: "oldest" })} variant="quiet">
                    {testimonialsPage.oldest}
                  </LinkButton>
                </>
              ) : null}
            </nav>
          ) : null}
        </section>

        <aside
          aria-label={testimonialsPage.notice.label}
          className="mt-10 rounded-xl border border-warning bg-warning-soft p-5"
        >
          <p>
            <strong>{testimonialsPage.notice.lead}</strong> {testimonialsPage.notice.body}
          </p>
        </aside>
      </div>

      <section id="share" aria-labelledby="share-title" className="border-y border-line bg-surface">
        <div className="container-page py-12">
          <h2 id="share-title" className="text-heading font-bold">
            {testimonialsPage.share.title}
          </h2>
          <p className="mt-2 max-w-prose text-muted">{testimonialsPage.share.intro} </p>
          <div className="mt-4">
            <DialogTrigger
              dialogId="review-dialog"
              className="inline-flex tap-target items-center rounded-md border-2 border-brand px-4 font-semibold text-brand hover:bg-brand-soft"
            >
              {testimonialsPage.share.openDialog}
            </DialogTrigger>
            <Dialog id="review-dialog" title={testimonialsPage.share.formTitle}>
              <ReviewForm
                idPrefix="review-dialog"
                ticket={tickets.dialog}
                sent={reviewSent}
                onSubmitted={() => (document.getElementById("review-dialog") as HTMLDialogElement | null)?.close()}
              />
            </Dialog>
          </div>
          <div className="mt-8 grid gap-8 lg:grid-cols-[2fr_1fr]">
            <div className="rounded-2xl border border-line bg-canvas p-6">
              <h3 className="text-subheading font-bold">{testimonialsPage.share.formTitle}</h3>
              <div className="mt-4">
                <ReviewForm
                  idPrefix="review"
                  ticket={tickets.page}
                  sent={reviewSent}
                  landing
                  pageAnswer={isUnreachable(actionData) ? undefined : actionData}
                />
              </div>
            </div>
            <div className="space-y-4">
              {reviewGuidance.map((box) => (
                <SideBox key={box.title} {...box} />
              ))}
            </div>
          </div>
        </div>
      </section>

      <AdminSection panel={panel} notice={admin} />
    </>
  );
}

function SideBox({ title, items }: GuidanceBox) {
  return (
    <div className="rounded-xl border border-line bg-canvas p-5">
      <h3 className="font-semibold">{title}</h3>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-muted">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}
