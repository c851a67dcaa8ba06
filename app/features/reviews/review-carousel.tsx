import { Link } from "react-router";
import { Carousel } from "~/components/ui/carousel";
import { Section } from "~/components/ui/page-header";
import { ExpandableText } from "~/components/ui/expandable-text";
import { StarRating } from "~/components/ui/star-rating";
import { homeHeadings } from "~/content/home";
import { reviewWriterLabels, verifiedLabel } from "~/content/review-labels";
import { MarkedText } from "~/components/ui/marked-text";
import type { PublicReview } from "./types";

export const homeQuoteLimit = 220;

/** Published reviews only; with none the section says so rather than inventing any. */
export function ReviewCarousel({ reviews }: { reviews: PublicReview[] }) {
  const words = homeHeadings.reviews;
  return (
    <Section id="testimonials" title={words.title} tone="band">
      {reviews.length === 0 ? (
        <p className="max-w-prose text-muted">
          <MarkedText
            text={words.none}
            values={{
              share: (
                <Link to="/testimonials#share" className="font-semibold text-brand underline">
                  {words.share}
                </Link>
              ),
            }}
          />
        </p>
      ) : (
        <Carousel
          id="home-testimonials"
          label={words.label}
          layout="responsive"
          autoAdvanceMs={8000}
          slides={reviews.map((t) => (
            <article
              key={t.id}
              className="flex flex-col rounded-xl border border-line bg-canvas p-6 [overflow-wrap:anywhere]"
            >
              <StarRating value={t.rating} size="sm" />
              <blockquote className="mt-3">
                <ExpandableText text={`“${t.quote}”`} limit={homeQuoteLimit} />
              </blockquote>
              {/* Who wrote it sits at the foot of the card, level across the row. */}
              <div className="mt-auto pt-4">
                <p className="font-semibold">
                  {t.name}
                  {t.verified ? (
                    <span className="ml-2 text-small font-normal text-success">{verifiedLabel}</span>
                  ) : null}
                </p>
                {reviewWriterLabels[t.writtenBy].card ? (
                  <p className="text-small font-semibold text-brand">{reviewWriterLabels[t.writtenBy].card}</p>
                ) : null}
                {t.context ? <p className="text-small text-muted">{t.context}</p> : null}
              </div>
            </article>
          ))}
        />
      )}
      <p className="mt-6">
        <Link to="/testimonials" className="inline-flex tap-target items-center font-semibold text-brand underline">
          {words.all}
        </Link>
      </p>
    </Section>
  );
}
