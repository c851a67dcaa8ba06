import { Link } from "react-router";
import { StarRating } from "~/components/ui/star-rating";
import {
  declineReasonLabels,
  noReasonLabel,
  reviewPolicyPath,
  reviewPolicyTitle,
  verifiedMeaning,
} from "~/content/review-labels";
import { ledgerText } from "~/content/testimonials";
import { plural } from "~/lib/format";
import type { ReviewLedger } from "./types";

/**
 * The reviews page's summary: the average, how the published reviews spread over 1–10 (a table,
 * with bars drawn as SVG so they need neither JavaScript nor inline styles), and what became of
 * every review received. Everything comes from `getReviewLedger`; nothing here is filtered.
 */
export function ReviewLedgerSummary({ ledger }: { ledger: ReviewLedger }) {
  const largest = Math.max(1, ...ledger.distribution.map((d) => d.count));
  return (
    <section
      aria-labelledby="summary-title"
      className="grid gap-8 rounded-2xl border border-line bg-surface p-6 lg:grid-cols-3"
    >
      <div>
        <h2 id="summary-title" className="text-subheading font-bold">
          {ledgerText.averageTitle}
        </h2>
        <p className="mt-1 text-figure font-bold">
          {ledger.published === 0 ? "0.0" : ledger.average.toFixed(1)}
          <span className="text-lead font-normal text-muted"> {ledgerText.outOf}</span>
        </p>
        <StarRating value={ledger.average} size="lg" showNumber={false} />
        <p className="mt-3 text-subheading font-bold">{plural(ledger.published, ledgerText.publishedReviews)}</p>
        <p className="mt-1">
          {ledgerText.fromConfirmed(
            ledger.verified.toLocaleString("en-US"),
            plural(ledger.published, ledgerText.reviews),
          )}
        </p>
        <p className="mt-1 text-muted">{verifiedMeaning}</p>
      </div>

      <div>
        <table className="w-full border-collapse">
          <caption className="text-left text-subheading font-bold">{ledgerText.byRating}</caption>
          <thead className="sr-only">
            <tr>
              <th scope="col">{ledgerText.ratingColumn}</th>
              <th scope="col">{ledgerText.countColumn}</th>
            </tr>
          </thead>
          <tbody>
            {ledger.distribution.map(({ rating, count }) => (
              <tr key={rating}>
                <th scope="row" className="py-1 pr-3 text-left font-normal whitespace-nowrap">
                  {rating} <span className="sr-only">{ledgerText.outOf}</span>
                </th>
                <td className="w-full py-1">
                  <span className="flex items-center gap-3">
                    <svg
                      aria-hidden="true"
                      viewBox="0 0 100 10"
                      preserveAspectRatio="none"
                      className="h-3 min-w-0 flex-1"
                    >
                      <rect width="100" height="10" rx="2" className="fill-[var(--line)]" />
                      {count > 0 ? (
                        <rect
                          width={Math.max(1, (count / largest) * 100)}
                          height="10"
                          rx="2"
                          className="fill-[var(--brand)]"
                        />
                      ) : null}
                    </svg>
                    <span className="w-12 text-right tabular-nums">{count.toLocaleString("en-US")}</span>
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-2 text-small text-muted">{ledgerText.everyRatingCounts}</p>
      </div>

      <div>
        <h3 className="text-subheading font-bold">{ledgerText.receivedTitle}</h3>
        <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
          <dt>{ledgerText.counts.received}</dt>
          <dd className="text-right tabular-nums">{ledger.received.toLocaleString("en-US")}</dd>
          <dt>{ledgerText.counts.published}</dt>
          <dd className="text-right tabular-nums">{ledger.published.toLocaleString("en-US")}</dd>
          <dt>{ledgerText.counts.pending}</dt>
          <dd className="text-right tabular-nums">{ledger.pending.toLocaleString("en-US")}</dd>
          <dt>{ledgerText.counts.notPublished}</dt>
          <dd className="text-right tabular-nums">{ledger.notPublished.toLocaleString("en-US")}</dd>
        </dl>
        {ledger.reasons.length ? (
          <>
            <p className="mt-3 font-semibold" id="reasons-title">
              {ledgerText.reasonsTitle}
            </p>
            <ul aria-labelledby="reasons-title" className="mt-1 space-y-1">
              {ledger.reasons.map(({ reason, count }) => (
                <li key={reason ?? "none"} className="flex justify-between gap-4">
                  <span>{reason ? declineReasonLabels[reason] : noReasonLabel}</span>
                  <span className="tabular-nums">{count.toLocaleString("en-US")}</span>
                </li>
              ))}
            </ul>
          </>
        ) : null}
        <p className="mt-3">
          <Link
            to={reviewPolicyPath}
            className="inline-flex tap-target items-center font-semibold text-brand underline"
          >
            {reviewPolicyTitle}
          </Link>
        </p>
      </div>
    </section>
  );
}
