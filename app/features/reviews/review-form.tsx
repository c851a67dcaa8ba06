import { useEffect, useRef } from "react";
import { Link, useFetcher } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { BotFields, ErrorSummary, SelectField, TextArea, TextField } from "~/components/ui/field";
import { HeardField } from "~/components/ui/heard-field";
import { NotSentPanel, OutcomePanel, useFailureToast } from "~/components/ui/outcome-panel";
import { PrivacyPolicyLink } from "~/components/ui/privacy-link";
import { preloadToasts } from "~/components/ui/toast";
import { reviewPolicyPath, reviewPolicyTitle, reviewWriterLabels } from "~/content/review-labels";
import { reviewWriters } from "#db/schema";
import { fieldLabels, listOf, textOf } from "~/lib/form-fields";
import { isFailureProblem } from "~/lib/forms";
import { lazyCheck } from "~/lib/lazy-check";
import { useSupportEmail } from "~/lib/support-email";
import { formAnswer, type Unreachable } from "~/lib/unreachable";
import { useCheckedForm } from "~/lib/use-checked-form";
import { failureOutcome, reviewOutcomes } from "./outcomes";
import { RatingInput } from "./rating-input";
import { hasMissingRequired, type ReviewAnswer, reviewFields, tagLabel, tagValues } from "./fields";

const labels = fieldLabels(reviewFields);
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
  const { checked, onSubmit, onFocus } = useCheckedForm(reviewCheck, hasMissingRequired);
  const fetched = formAnswer(fetcher.data);
  const busy = fetcher.state !== "idle";
  // Every answer is a refusal: a stored review is answered with a redirect and its notice.
  const failed = busy ? undefined : (fetched ?? pageAnswer);
  const errors = checked?.errors ?? failed?.errors ?? {};
  const missing = checked ? hasMissingRequired(checked.values) : failed?.problem === "missing";
  const unavailable = !checked && failed && isFailureProblem(failed.problem) ? failed.problem : null;
  const submitted = landing && sent !== null && !busy && !checked && !failed;
  // What was typed comes back with the errors (only a page without JavaScript needs it: with
  // JavaScript the fields were never cleared).
  const values = failed?.values;
  // A refused post goes on with the ticket its answer names: the clock and the key carry over.
  const formTicket = failed?.ticket ?? ticket;

  const formRef = useRef<HTMLFormElement>(null);
  // Whether this form's fetcher posted since its last answer: only that form answers the next notice.
  const posted = useRef(false);
  useEffect(() => {
    if (fetcher.state === "submitting") posted.current = true;
  }, [fetcher.state]);
  useEffect(() => {
    if (fetched) posted.current = false;
  }, [fetched]);
  // A new notice after this form posted is its review, stored: the page behind the redirect is in.
  const seenSent = useRef(sent);
  useEffect(() => {
    if (sent === seenSent.current) return;
    seenSent.current = sent;
    if (sent === null || !posted.current) return;
    posted.current = false;
    formRef.current?.reset();
    onSubmitted?.();
    if (landing) window.setTimeout(() => document.getElementById(`${idPrefix}-submitted`)?.focus(), 0);
  }, [sent, landing, onSubmitted, idPrefix]);

  useFailureToast(
    fetched?.problem === "missing"
      ? reviewOutcomes.missing
      : fetched && isFailureProblem(fetched.problem)
        ? failureOutcome(fetched.problem, email)
        : null,
    fetched,
  );
  const checkedMissing = Boolean(checked && missing);
  useFailureToast(checkedMissing ? reviewOutcomes.missing : null, checked);

  return (
    // preventScrollReset: the redirect after a review lands on the same page, where the visitor was.
    <fetcher.Form
      ref={formRef}
      method="post"
      action="/testimonials"
      preventScrollReset
      noValidate
      onSubmit={onSubmit}
      onFocus={onFocus}
      className="space-y-5"
    >
      {submitted ? (
        <OutcomePanel
          tone="success"
          role="status"
          title={reviewOutcomes.submitted.title}
          focusOnArrival
          id={`${idPrefix}-submitted`}
        >
          <p>{reviewOutcomes.submitted.description}</p>
        </OutcomePanel>
      ) : null}
      {unavailable ? (
        <NotSentPanel
          title={reviewOutcomes.failed.title}
          focusOnArrival={Boolean(pageAnswer) && !fetched}
          answer={fetched}
        >
          <p>{failureOutcome(unavailable, email).description}</p>
        </NotSentPanel>
      ) : null}
      {missing ? (
        <OutcomePanel tone="danger" title={reviewOutcomes.missing.title}>
          <p>{reviewOutcomes.missing.description}</p>
        </OutcomePanel>
      ) : null}
      <ErrorSummary errors={errors} labels={labels} idPrefix={idPrefix} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          name="name"
          label={labels.name}
          idPrefix={idPrefix}
          required
          autoComplete="name"
          maxLength={reviewFields.name.max}
          defaultValue={textOf(values?.name)}
          error={errors.name}
        />
        <TextField
          name="email"
          label={labels.email}
          idPrefix={idPrefix}
          type="email"
          required
          autoComplete="email"
          defaultValue={textOf(values?.email)}
          error={errors.email}
          hint="Only for verification; never published."
        />
      </div>
      <RatingInput idPrefix={idPrefix} defaultValue={ratingOrDefault(textOf(values?.rating))} error={errors.rating} />
      <TextField
        name="context"
        label={labels.context}
        idPrefix={idPrefix}
        maxLength={reviewFields.context.max}
        defaultValue={textOf(values?.context)}
        hint="For example: wheelchair user for 12 years, Ohio"
        error={errors.context}
      />
      <fieldset>
        <legend className="font-semibold">
          Tags <span className="font-normal text-muted">(optional, choose any)</span>
        </legend>
        <div className="mt-1 grid grid-cols-[repeat(auto-fill,minmax(min(100%,11rem),1fr))] gap-x-4">
          {tagValues.map((tag) => (
            <label key={tag} className="flex tap-target items-center gap-3">
              <input
                type="checkbox"
                name="tags"
                value={tag}
                defaultChecked={listOf(values?.tags).includes(tag)}
                className="size-5 shrink-0 accent-[var(--brand)]"
              />
              <span>{tagLabel(tag)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <TextArea
        name="quote"
        label={labels.quote}
        idPrefix={idPrefix}
        required
        rows={4}
        maxLength={reviewFields.quote.max}
        defaultValue={textOf(values?.quote)}
        error={errors.quote}
      />
      <SelectField
        name="writtenBy"
        label={labels.writtenBy}
        idPrefix={idPrefix}
        options={writerOptions.slice(1)}
        placeholder={writerOptions[0]!.label}
        defaultValue={textOf(values?.writtenBy) === "self" ? "" : (textOf(values?.writtenBy) ?? "")}
        error={errors.writtenBy}
        hint="Reviews written with help or for someone else are welcome; the published review says who wrote it."
      />
      <HeardField idPrefix={idPrefix} defaultValue={textOf(values?.heard)} error={errors.heard} />
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

/** The rating typed before a mistake elsewhere, or the default of 5 (docs/requirements.md §3.1). */
function ratingOrDefault(value: string | undefined): number {
  const rating = Number(value);
  return Number.isInteger(rating) && rating >= 1 && rating <= 10 ? rating : 5;
}
