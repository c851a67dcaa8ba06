import { ExpandableText } from "~/components/ui/expandable-text";
import { StarRating } from "~/components/ui/star-rating";
import { reviewWriterLabels, verifiedLabel } from "~/content/review-labels";
import { company } from "~/content/site";
import { formatDate } from "~/lib/format";
import { reviewAnchor } from "~/lib/seo";
import { tagLabel } from "./fields";
import type { PublicReview } from "./types";

export const pageQuoteLimit = 150;

export function ReviewCard({ review }: { review: PublicReview }) {
  const writer = reviewWriterLabels[review.writtenBy].card;
  return (
    <article
      id={reviewAnchor(review.id)}
      aria-label={`Review by ${review.name}`}
      className="rounded-xl border border-line bg-surface p-6 [overflow-wrap:anywhere]"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <StarRating value={review.rating} size="sm" />
        {review.verified ? (
          <span className="rounded-full border border-success bg-success-soft px-2 py-0.5 text-small font-semibold text-success">
            {verifiedLabel}
          </span>
        ) : null}
      </div>
      <blockquote className="mt-3">
        <ExpandableText text={`“${review.quote}”`} limit={pageQuoteLimit} />
      </blockquote>
      <p className="mt-4 font-semibold">{review.name}</p>
      {writer ? <p className="text-small font-semibold text-brand">{writer}</p> : null}
      {review.context ? <p className="text-small text-muted">{review.context}</p> : null}
      {review.tags.length ? (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Tags">
          {review.tags.map((tag) => (
            <li key={tag} className="rounded-full bg-brand-soft px-2 py-0.5 text-small">
              {tagLabel(tag)}
            </li>
          ))}
        </ul>
      ) : null}
      {review.reply ? (
        // A note, not a landmark: a page may show many replies.
        <div
          role="note"
          aria-label={`Reply from ${company.name}`}
          className="mt-4 rounded-lg border-l-4 border-brand bg-brand-soft p-3"
        >
          <p className="text-small font-semibold">
            Reply from {company.name} <span className="font-normal">· {formatDate(review.reply.at)}</span>
          </p>
          <p className="mt-1 whitespace-pre-wrap">{review.reply.text}</p>
        </div>
      ) : null}
    </article>
  );
}
