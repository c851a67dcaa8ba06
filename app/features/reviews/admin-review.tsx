import { Form, Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { ConfirmDelete } from "~/components/ui/confirm-delete";
import { SelectField } from "~/components/ui/field";
import { StarRating } from "~/components/ui/star-rating";
import { MoveToSpamButton, SpamMark } from "~/components/ui/spam-mark";
import { heardLabel } from "~/content/heard";
import { declineReasonLabels, reasonOptions, reviewStateLabels, reviewWriterLabels } from "~/content/review-labels";
import { company } from "~/content/site";
import { formatDate, formatDateTime } from "~/lib/format";
import { FlaggedQuote, FlagNotice } from "./flagged-text";
import { flagReviewText } from "./flags";
import type { ModeratedReview, ReviewState } from "./types";
import { tagLabel } from "./fields";

const stateBadgeClass: Record<ReviewState, string> = {
  pending: "border-warning bg-warning-soft",
  published: "border-success bg-success-soft",
  declined: "border-line bg-canvas",
};

/**
 * One review on the moderation page: its words with anything staff must check highlighted (the
 * words are never changed), and every decision as a plain form: publish, not publish with a
 * reason, verify, reply, delete. Each posts to the page's action and is recorded in the audit log.
 */
export function AdminReview({
  review,
  orders,
  busy,
}: {
  review: ModeratedReview;
  orders: ReadonlyArray<{ id: string; reference: string }>;
  busy: boolean;
}) {
  // The context line is checked too; its findings join the note, unmarked in the line itself.
  const quote = flagReviewText(review.quote, review.context);
  const writer = reviewWriterLabels[review.writtenBy].card;
  const who = `the review by ${review.name}`;
  return (
    <article
      aria-labelledby={`review-${review.id}-title`}
      className="rounded-xl border border-line bg-surface p-5 [overflow-wrap:anywhere]"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`review-${review.id}-title`} className="text-subheading font-bold">
          {review.name}{" "}
          <span className="text-small font-normal text-muted">
            ({review.email || "address erased after the retention period"})
          </span>
        </h2>
        <span className="flex flex-wrap gap-2">
          {quote.summary.length ? (
            <span className="rounded-full border border-danger bg-danger-soft px-2 py-0.5 text-small font-semibold">
              Check before publishing
            </span>
          ) : null}
          {review.verified ? (
            <span className="rounded-full border border-success px-2 py-0.5 text-small font-semibold">Verified</span>
          ) : null}
          <span className={`rounded-full border px-2 py-0.5 text-small font-semibold ${stateBadgeClass[review.state]}`}>
            {reviewStateLabels[review.state]}
          </span>
        </span>
      </div>
      <div className="mt-2">
        <StarRating value={review.rating} size="sm" />
      </div>
      <FlaggedQuote view={quote} className="mt-2" />
      <p className="mt-2 text-small text-muted">
        {writer ? `${writer} · ` : ""}
        {review.context ? `${review.context} · ` : ""}
        {review.tags.map(tagLabel).join(", ")}
        {review.tags.length ? " · " : ""}Submitted {formatDate(review.createdAt)}
        {review.heard ? ` · How they heard of us: ${heardLabel(review.heard)}` : ""}
      </p>

      <FlagNotice summary={quote.summary} />
      <SpamMark reasons={review.spamMark} className="mt-3" />

      {review.state === "declined" && review.declineReason ? (
        <p className="mt-3 rounded-lg border border-line bg-canvas p-3">
          <strong>Not published: {declineReasonLabels[review.declineReason]}.</strong>
          {review.declinedAt ? ` Decided ${formatDateTime(review.declinedAt)}.` : ""}
          {review.declineNote ? (
            <span className="mt-1 block whitespace-pre-wrap">Note: {review.declineNote}</span>
          ) : null}
        </p>
      ) : null}

      <p className="mt-3 text-small">
        {orders.length ? (
          <>
            Order {orders.length === 1 ? "request" : "requests"} from this address:{" "}
            {orders.map((order, index) => (
              <span key={order.id}>
                {index ? ", " : ""}
                <Link to={`/admin/orders/${order.id}`} className="text-brand underline">
                  {order.reference}
                </Link>
              </span>
            ))}
            . Confirm the purchase before marking the review verified.
          </>
        ) : (
          "No order request from this address. Verified means a purchase you have confirmed."
        )}
      </p>

      {review.reply ? (
        <div className="mt-3 rounded-lg border-l-4 border-brand bg-brand-soft p-3">
          <p className="text-small font-semibold">
            Reply from {company.name} · {formatDate(review.reply.at)}
            {review.replyBy ? ` · by ${review.replyBy}` : ""}
            {review.state === "published" ? "" : " (shown once the review is published)"}
          </p>
          <p className="mt-1 [overflow-wrap:anywhere] whitespace-pre-wrap">{review.reply.text}</p>
        </div>
      ) : null}

      <div className="mt-3 flex flex-wrap items-start gap-2">
        {review.state !== "published" ? (
          <Form method="post">
            <input type="hidden" name="id" value={review.id} />
            <input type="hidden" name="intent" value="publish" />
            <button type="submit" disabled={busy} className={buttonClass("primary")}>
              {review.state === "declined" ? "Publish after all" : "Approve"}
              <span className="sr-only"> {who}</span>
            </button>
          </Form>
        ) : null}
        <DecisionForm review={review} busy={busy} />
        <Form method="post">
          <input type="hidden" name="id" value={review.id} />
          <input type="hidden" name="intent" value={review.verified ? "unverify" : "verify"} />
          <button type="submit" disabled={busy} className={buttonClass("secondary")}>
            {review.verified ? "Unmark verified" : "Mark verified customer"}
            <span className="sr-only">: {review.name}</span>
          </button>
        </Form>
        <ReplyForm review={review} busy={busy} />
        {review.state === "pending" ? (
          <MoveToSpamButton busy={busy} targetName={who} hiddenFields={{ id: review.id }} />
        ) : null}
        <ConfirmDelete
          question="Delete this review for good? The ledger keeps counting it as not published, with this reason."
          hiddenFields={{ id: review.id, intent: "delete" }}
          busy={busy}
          targetName={who}
        >
          <ReasonField idPrefix={`delete-${review.id}`} />
        </ConfirmDelete>
      </div>
    </article>
  );
}

function ReasonField({ idPrefix, defaultValue }: { idPrefix: string; defaultValue?: string }) {
  return (
    <div className="mt-2">
      <SelectField
        name="reason"
        label="Reason"
        idPrefix={idPrefix}
        required
        options={reasonOptions}
        placeholder="Choose a reason"
        defaultValue={defaultValue ?? ""}
      />
    </div>
  );
}

/** Not publishing, unpublishing or changing the reason: a reason from the list, and a note only staff see. */
function DecisionForm({ review, busy }: { review: ModeratedReview; busy: boolean }) {
  const label =
    review.state === "pending" ? "Don't publish…" : review.state === "published" ? "Unpublish…" : "Change reason…";
  return (
    <details className="open:basis-full">
      <summary className={buttonClass("secondary")}>
        {label}
        <span className="sr-only"> the review by {review.name}</span>
      </summary>
      <Form method="post" className="mt-2 max-w-md rounded-lg border border-line bg-canvas p-3">
        <input type="hidden" name="id" value={review.id} />
        <input type="hidden" name="intent" value="decline" />
        <ReasonField idPrefix={`decline-${review.id}`} defaultValue={review.declineReason ?? undefined} />
        <label htmlFor={`decline-note-${review.id}`} className="mt-2 block font-semibold">
          Note for staff <span className="font-normal text-muted">(optional, never published)</span>
        </label>
        <textarea
          id={`decline-note-${review.id}`}
          name="note"
          rows={2}
          maxLength={1000}
          defaultValue={review.declineNote ?? ""}
          className="mt-1 w-full rounded-md border-2 border-line bg-canvas p-2"
        />
        <button type="submit" disabled={busy} className={buttonClass("primary", "mt-2")}>
          Record decision
        </button>
      </Form>
    </details>
  );
}

/** The company's one public reply: post, edit, or remove it. */
function ReplyForm({ review, busy }: { review: ModeratedReview; busy: boolean }) {
  return (
    <details className="open:basis-full">
      <summary className={buttonClass("secondary")}>
        {review.reply ? "Edit reply…" : "Reply publicly…"}
        <span className="sr-only"> to the review by {review.name}</span>
      </summary>
      <div className="mt-2 max-w-xl rounded-lg border border-line bg-canvas p-3">
        <Form method="post">
          <input type="hidden" name="id" value={review.id} />
          <input type="hidden" name="intent" value="reply" />
          <label htmlFor={`reply-${review.id}`} className="block font-semibold">
            Reply from {company.name} <span className="text-danger">(required)</span>
          </label>
          <p className="text-small text-muted">Shown under the review, marked as ours. It never changes the review.</p>
          <textarea
            id={`reply-${review.id}`}
            name="reply"
            rows={4}
            required
            maxLength={2000}
            defaultValue={review.reply?.text ?? ""}
            className="mt-1 w-full rounded-md border-2 border-line bg-canvas p-2"
          />
          <button type="submit" disabled={busy} className={buttonClass("primary", "mt-2")}>
            {review.reply ? "Save reply" : "Post reply"}
          </button>
        </Form>
        {review.reply ? (
          <Form method="post" className="mt-2">
            <input type="hidden" name="id" value={review.id} />
            <input type="hidden" name="intent" value="remove-reply" />
            <button type="submit" disabled={busy} className={buttonClass("secondary", "border-danger text-danger")}>
              Remove reply
            </button>
          </Form>
        ) : null}
      </div>
    </details>
  );
}
