import { useEffect, useRef } from "react";
import { SpamMark } from "~/components/ui/spam-mark";
import { useFetcher, useRouteLoaderData } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { SelectField } from "~/components/ui/field";
import { StarRating } from "~/components/ui/star-rating";
import { reasonOptions } from "~/content/review-labels";
import type { PanelReview, PendingPanelReview } from "./types";
import { FlaggedQuote, FlagNotice } from "./flagged-text";
import { adminSectionAddress, moderationNotice, type PanelModeration } from "./outcomes";

const moderationFetcherKey = "moderation";

/**
 * The moderation panel staff see once signed in: loaded only then (./admin-section.tsx), so a
 * visitor's page carries none of it.
 */
export default function AdminPanel({
  panel,
  moderated,
}: {
  panel: { pending: PendingPanelReview[]; published: PanelReview[] };
  /** The outcome of the last publish or delete, sent back with the visitor from /admin/testimonials. */
  moderated?: PanelModeration;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const pendingHeading = useRef<HTMLHeadingElement>(null);
  // Just unlocked from the password box, or back from a moderation (the one-time notice): the
  // panel takes focus, at its heading or at the list a button may have left with its review.
  const flash = useRouteLoaderData<{ flash: { key: string; id: string } | null }>("root")?.flash;
  useEffect(() => {
    if (flash?.key === "admin-access") heading.current?.focus();
    if (flash?.key === "moderated") pendingHeading.current?.focus();
  }, [flash?.key, flash?.id]);
  // One fetcher for every moderation button: a button leaves with its review when the lists reload.
  const moderation = useFetcher({ key: moderationFetcherKey });
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="admin-section-title" ref={heading} tabIndex={-1} className="text-heading font-bold">
          Admin Panel
        </h2>
        <a href="/admin/testimonials" className={buttonClass("quiet")}>
          Open the full moderation page
        </a>
      </div>
      {moderated ? <ModerationNotice result={moderated} /> : null}
      <h3 ref={pendingHeading} tabIndex={-1} className="mt-6 text-subheading font-bold">
        Pending reviews ({panel.pending.length})
      </h3>
      {panel.pending.length === 0 ? (
        <p className="mt-2 text-muted">No pending reviews</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {panel.pending.map((review) => (
            <li key={review.id} className="rounded-xl border border-line bg-canvas p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-semibold">{review.name}</p>
                <StarRating value={review.rating} size="sm" />
              </div>
              <FlaggedQuote view={review.flags} className="mt-2" />
              <SpamMark reasons={review.spamMark} className="mt-2" />
              <FlagNotice summary={review.flags.summary}>
                <p className="mt-1">
                  <a href="/admin/testimonials?state=pending" className="font-semibold underline">
                    Decide on the full moderation page
                  </a>
                  , where a review can be declined with a reason.
                </p>
              </FlagNotice>
              <div className="mt-3 flex flex-wrap gap-2">
                <ModerationButton
                  id={review.id}
                  intent="publish"
                  label="Approve"
                  reviewer={review.name}
                  fetcher={moderation}
                />
                <ModerationButton
                  id={review.id}
                  intent="delete"
                  label="Delete"
                  reviewer={review.name}
                  fetcher={moderation}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
      <h3 className="mt-8 text-subheading font-bold">Published reviews ({panel.published.length})</h3>
      {panel.published.length === 0 ? (
        <p className="mt-2 text-muted">No published reviews yet.</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {panel.published.map((review) => (
            <li
              key={review.id}
              className="flex flex-wrap items-start justify-between gap-3 rounded-xl border border-line bg-canvas p-4"
            >
              <div>
                <p className="font-semibold">{review.name}</p>
                <p className="text-muted">
                  {review.quote.slice(0, 100)}
                  {review.quote.length > 100 ? "…" : ""}
                </p>
              </div>
              <ModerationButton
                id={review.id}
                intent="delete"
                label="Delete"
                reviewer={review.name}
                fetcher={moderation}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The outcome of the last publish or delete, as text (a page without JavaScript shows only this). */
function ModerationNotice({ result }: { result: PanelModeration }) {
  const notice = moderationNotice(result);
  return (
    <p
      role={result.ok ? "status" : "alert"}
      className={`mt-4 rounded-lg border-2 p-3 ${result.ok ? "border-success bg-success-soft" : "border-danger bg-danger-soft"}`}
    >
      <strong>{notice.title}.</strong> {notice.description}
    </p>
  );
}

function ModerationButton({
  id,
  intent,
  label,
  reviewer,
  fetcher,
}: {
  id: string;
  intent: "publish" | "delete";
  label: string;
  reviewer: string;
  fetcher: ReturnType<typeof useFetcher>;
}) {
  // The action sends the visitor back to the page, whose loaders run again: both the admin lists
  // and the public list are fresh.
  const busy = fetcher.state !== "idle";
  const form = (
    <fetcher.Form method="post" action="/admin/testimonials">
      <input type="hidden" name="returnTo" value={adminSectionAddress} />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      {intent === "delete" ? (
        // The public ledger counts a deleted review as not published, with this reason.
        <div className="mb-2">
          <SelectField
            name="reason"
            label="Reason"
            idPrefix={`panel-${id}`}
            required
            options={reasonOptions}
            placeholder="Choose a reason"
            defaultValue=""
          />
        </div>
      ) : null}
      <button
        type="submit"
        disabled={busy}
        className={buttonClass(
          intent === "publish" ? "primary" : "secondary",
          intent === "delete" ? "border-danger text-danger" : "",
        )}
      >
        {intent === "delete" ? "Yes, delete" : label}
        <span className="sr-only"> the review by {reviewer}</span>
      </button>
    </fetcher.Form>
  );
  if (intent === "publish") return form;
  // Deleting asks first: the confirm button appears only after "Delete" is chosen.
  return (
    <details className="group">
      <summary className={buttonClass("secondary", "border-danger text-danger")}>
        {label}
        <span className="sr-only"> the review by {reviewer}</span>
      </summary>
      <div className="mt-2 rounded-lg border border-danger bg-danger-soft p-3">
        <p>Delete this review for good?</p>
        <div className="mt-2">{form}</div>
      </div>
    </details>
  );
}
