import { ExpandableText } from "~/components/ui/expandable-text";
import { StarRating } from "~/components/ui/star-rating";
import { tagLabel } from "./schema";
import type { PublicTestimonial } from "./types";

export const pageQuoteLimit = 150;

export function ReviewCard({ review }: { review: PublicTestimonial }) {
  return (
    <article aria-label={`Review by ${review.name}`} className="flex h-full flex-col rounded-xl border border-line bg-surface p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <StarRating value={review.rating} size="sm" />
        {review.verified ? (
          <span className="rounded-full border border-success bg-success-soft px-2 py-0.5 text-sm font-semibold text-success">Verified</span>
        ) : null}
      </div>
      <blockquote className="mt-3 flex-1">
        <ExpandableText text={`“${review.quote}”`} limit={pageQuoteLimit} />
      </blockquote>
      <p className="mt-4 font-semibold">{review.name}</p>
      {review.context ? <p className="text-sm text-muted">{review.context}</p> : null}
      {review.tags.length ? (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Tags">
          {review.tags.map((tag) => (
            <li key={tag} className="rounded-full bg-brand-soft px-2 py-0.5 text-sm">
              {tagLabel(tag)}
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}
