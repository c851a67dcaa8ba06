import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { BotFields, ErrorSummary, SelectField, TextArea, TextField } from "~/components/ui/field";
import { preloadToasts, toast } from "~/components/ui/toast";
import { PrivacyPolicyLink } from "~/components/ui/privacy-link";
import { reviewPolicyPath, reviewPolicyTitle, reviewWriterLabels } from "~/content/review-labels";
import { reviewWriters } from "../../../db/schema";
import { formObject } from "~/lib/forms";
import { checkOnSubmit, lazyCheck } from "~/lib/lazy-check";
import { useSupportEmail } from "~/lib/support-email";
import { isUnreachable, type Unreachable } from "~/lib/unreachable";
import { failureOutcome, reviewOutcomes } from "./outcomes";
import { RatingInput } from "./rating-input";
import { hasMissingRequired, type ReviewAnswer, tagLabel, tagValues } from "./fields";

const labels: Record<string, string> = {
  name: "Name",
  email: "Email",
  rating: "Rating",
  quote: "Your review",
  context: "Context",
  tags: "Tags",
  writtenBy: "Who is writing this review",
};
// The first, "the user wrote it", is the select's empty choice; the schema reads "" as that.
const writerOptions = reviewWriters.map((value) => ({ value, label: reviewWriterLabels[value].choice }));

// Focusing the form starts loading its check, and the toast region its answer will use.
const reviewCheck = lazyCheck(() => import("./check"), preloadToasts);

/**
 * 'Submit Your Review'. It posts to the testimonials page's action, the form's one endpoint: with
 * JavaScript through a fetcher, without it as a plain form post. A stored review is answered with
 * a redirect to the page carrying a one-time notice (post/redirect/get, so reloading the
 * confirmation sends nothing), which the page passes in as `sent`; with JavaScript the fetcher
 * follows it, the root's toast announces it, the form is cleared and the dialog closes. A refusal
 * is answered with the page itself, passed back in as `pageAnswer` (or read from the fetcher).
 * Either way the outcome, the field errors and the values kept are drawn here.
 */
export function ReviewForm({
  idPrefix,
  ticket,
  sent,
  landing = false,
  pageAnswer,
  onSubmitted,
}: {
  idPrefix: string;
  ticket: string;
  /** The id of the notice of a review this visitor has just sent, or null. */
  sent: string | null;
  /** The form in the page (not the dialog): it shows the confirmation, and a page loaded with one focuses it. */
  landing?: boolean;
  pageAnswer?: ReviewAnswer;
  onSubmitted?: () => void;
}) {
  const fetcher = useFetcher<ReviewAnswer | Unreachable>({ key: `review-form-${idPrefix}` });
  const email = useSupportEmail();
  const fetched = isUnreachable(fetcher.data) ? noAnswer : fetcher.data;
  const [clientErrors, setClientErrors] = useState<{ errors: Record<string, string>; missing: boolean } | null>(null);
  const busy = fetcher.state !== "idle";
  const answer = fetched ?? pageAnswer;
  const result = busy ? undefined : answer?.review;
  const failed = result && !result.ok ? result : undefined;
  const errors = clientErrors?.errors ?? failed?.errors ?? {};
  const missing = clientErrors ? clientErrors.missing : failed?.problem === "missing";
  const unavailable =
    !clientErrors &&
    (failed?.problem === "rate-limited" || failed?.problem === "unavailable" || failed?.problem === "full")
      ? failed.problem
      : null;
  const submitted = landing && sent !== null && !busy && !clientErrors && !failed;
  // What was typed comes back with the errors (only a page without JavaScript needs it: with
  // JavaScript the fields were never cleared).
  const values = failed ? answer?.values : undefined;
  // A refused post goes on with the ticket its answer names: the clock and the key carry over.
  const formTicket = (failed ? answer?.ticket : undefined) ?? ticket;

  const formRef = useRef<HTMLFormElement>(null);
  const submittedRef = useRef<HTMLDivElement>(null);
  const failedRef = useRef<HTMLDivElement>(null);
  // Whether this form's fetcher posted since the last notice: only that form answers the next one.
  const posted = useRef(false);
  useEffect(() => {
    if (fetcher.state === "submitting") posted.current = true;
  }, [fetcher.state]);
  // A new notice after this form posted is its review, stored: the page behind the redirect is in.
  const seenSent = useRef(sent);
  useEffect(() => {
    if (sent === seenSent.current) return;
    seenSent.current = sent;
    if (sent === null || !posted.current) return;
    posted.current = false;
    formRef.current?.reset();
    onSubmitted?.();
    if (landing) window.setTimeout(() => submittedRef.current?.focus(), 0);
  }, [sent, landing, onSubmitted]);

  const handled = useRef<ReviewAnswer | Unreachable | undefined>(undefined);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    posted.current = false;
    const data = isUnreachable(fetcher.data) ? noAnswer : fetcher.data;
    if (data.review.problem === "missing") {
      toast({ variant: "error", ...reviewOutcomes.missing });
    } else if (data.review.problem !== "invalid") {
      toast({ variant: "error", ...failureOutcome(data.review.problem, email) });
      // The button used is disabled while sending and loses focus: the failure takes it.
      window.setTimeout(() => failedRef.current?.focus(), 0);
    }
  }, [fetcher.state, fetcher.data, email]);

  // Mistakes are shown before anything is sent; the action checks again either way.
  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const check = checkOnSubmit(event, reviewCheck);
    if (!check) return;
    const form = formObject(new FormData(event.currentTarget));
    const mistakes = check(form);
    const isMissing = hasMissingRequired(form);
    if (Object.keys(mistakes).length === 0 && !isMissing) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    setClientErrors({ errors: mistakes, missing: isMissing });
    if (isMissing) toast({ variant: "error", ...reviewOutcomes.missing });
  }

  return (
    // preventScrollReset: the redirect after a review lands on the same page, where the visitor was.
    <fetcher.Form
      ref={formRef}
      method="post"
      action="/testimonials"
      preventScrollReset
      noValidate
      onSubmit={onSubmit}
      onFocus={reviewCheck.prepare}
      className="space-y-5"
    >
      <input type="hidden" name="intent" value="submit" />
      {submitted ? (
        <div
          ref={submittedRef}
          tabIndex={-1}
          role="status"
          {...{ autofocus: "" }}
          className="rounded-lg border-2 border-success bg-success-soft p-4"
        >
          <p className="font-bold">{reviewOutcomes.submitted.title}</p>
          <p>{reviewOutcomes.submitted.description}</p>
        </div>
      ) : null}
      {unavailable ? (
        <div
          ref={failedRef}
          tabIndex={-1}
          role="alert"
          {...(pageAnswer ? { autofocus: "" } : {})}
          className="rounded-lg border-2 border-danger bg-danger-soft p-4"
        >
          <p className="font-bold">{reviewOutcomes.failed.title}</p>
          <p>{failureOutcome(unavailable, email).description}</p>
        </div>
      ) : null}
      {missing ? (
        <div className="rounded-lg border-2 border-danger bg-danger-soft p-4">
          <p className="font-bold">{reviewOutcomes.missing.title}</p>
          <p>{reviewOutcomes.missing.description}</p>
        </div>
      ) : null}
      <ErrorSummary errors={errors} labels={labels} idPrefix={idPrefix} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          name="name"
          label="Name"
          idPrefix={idPrefix}
          required
          autoComplete="name"
          maxLength={100}
          defaultValue={values?.name}
          error={errors.name}
        />
        <TextField
          name="email"
          label="Email"
          idPrefix={idPrefix}
          type="email"
          required
          autoComplete="email"
          defaultValue={values?.email}
          error={errors.email}
          hint="Only for verification; never published."
        />
      </div>
      <RatingInput idPrefix={idPrefix} defaultValue={ratingOrDefault(values?.rating)} error={errors.rating} />
      <TextField
        name="context"
        label="Context"
        idPrefix={idPrefix}
        maxLength={120}
        defaultValue={values?.context}
        hint="For example: wheelchair user for 12 years, Ohio"
        error={errors.context}
      />
      <fieldset>
        <legend className="font-semibold">
          Tags <span className="font-normal text-muted">(optional, choose any)</span>
        </legend>
        <div className="mt-1 grid grid-cols-2 gap-x-4">
          {tagValues.map((tag) => (
            <label key={tag} className="flex tap-target items-center gap-3">
              <input
                type="checkbox"
                name="tags"
                value={tag}
                defaultChecked={values?.tags?.includes(tag)}
                className="size-5 shrink-0 accent-[var(--brand)]"
              />
              <span className="capitalize">{tagLabel(tag)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <TextArea
        name="quote"
        label="Your review"
        idPrefix={idPrefix}
        required
        rows={4}
        maxLength={2000}
        defaultValue={values?.quote}
        error={errors.quote}
      />
      <SelectField
        name="writtenBy"
        label={labels.writtenBy!}
        idPrefix={idPrefix}
        options={writerOptions.slice(1)}
        placeholder={writerOptions[0]!.label}
        defaultValue={values?.writtenBy === "self" ? "" : (values?.writtenBy ?? "")}
        error={errors.writtenBy}
        hint="Reviews written with help or for someone else are welcome; the published review says who wrote it."
      />
      <BotFields ticket={formTicket} idPrefix={idPrefix} />
      <p className="text-muted">
        Every review is read by our team before it is published, whatever its rating.{" "}
        <Link to={reviewPolicyPath} className="text-brand underline">
          {reviewPolicyTitle}
        </Link>
        . What we keep and for how long: our <PrivacyPolicyLink />.
      </p>
      <button type="submit" disabled={busy} className={buttonClass("primary", "w-full sm:w-auto")}>
        {busy ? "Submitting..." : "Submit Review"}
      </button>
    </fetcher.Form>
  );
}

/** A post that got no answer: nothing is known to be stored, so it failed. */
const noAnswer: ReviewAnswer = { intent: "submit", review: { ok: false, problem: "unavailable", errors: {} } };

/** The rating typed before a mistake elsewhere, or the default of 5 (docs/requirements.md §3.1). */
function ratingOrDefault(value: string | undefined): number {
  const rating = Number(value);
  return Number.isInteger(rating) && rating >= 1 && rating <= 10 ? rating : 5;
}
