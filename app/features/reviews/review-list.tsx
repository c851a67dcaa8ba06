import { Link } from "react-router";
import { LinkButton } from "~/components/ui/button";
import { showingReviews, testimonialsPage } from "~/content/testimonials";
import { type FilterValue, filterTabs, type ReviewPosition, reviewPageQuery } from "./fields";
import { ReviewCard } from "./review-card";
import type { PublicReview } from "./types";

/**
 * The published reviews: the tag filters, one page of cards, and the links to the pages around
 * it (decision 019). Every link is a plain link, so it all works without JavaScript.
 */
export function ReviewList({
  filter,
  reviews,
  total,
  newer,
  older,
}: {
  filter: FilterValue;
  reviews: readonly PublicReview[];
  total: number;
  newer: ReviewPosition | null;
  older: ReviewPosition | null;
}) {
  const pageHref = (position: ReviewPosition) => `/testimonials${reviewPageQuery(filter, position)}#reviews`;
  return (
    <>
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
            aria-label={testimonialsPage.pages.label}
            className="mt-8 flex flex-wrap items-center justify-center gap-3"
          >
            {newer ? (
              <>
                <LinkButton to={pageHref({ from: "newest" })} variant="quiet">
                  {testimonialsPage.pages.newest}
                </LinkButton>
                <LinkButton to={pageHref(newer)} variant="secondary" rel="prev">
                  {testimonialsPage.pages.newer}
                </LinkButton>
              </>
            ) : null}
            {older ? (
              <>
                <LinkButton to={pageHref(older)} variant="secondary" rel="next">
                  {testimonialsPage.pages.older}
                </LinkButton>
                <LinkButton to={pageHref({ from: "oldest" })} variant="quiet">
                  {testimonialsPage.pages.oldest}
                </LinkButton>
              </>
            ) : null}
          </nav>
        ) : null}
      </section>
    </>
  );
}
