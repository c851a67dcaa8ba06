import { useEffect, useRef, useState } from "react";
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { BotFields, ErrorSummary, TextArea, TextField } from "~/components/ui/field";
import { toast } from "~/components/ui/toast";
import { firstErrors } from "~/lib/forms";
import { z } from "~/lib/zod";
import { RatingInput } from "./rating-input";
import { hasMissingRequired, missingInformation, reviewFormObject, tagLabel, tagValues, TestimonialSchema } from "./schema";

const labels: Record<string, string> = { name: "Name", email: "Email", rating: "Rating", quote: "Your review", context: "Context", tags: "Tags" };

export interface ReviewFormResult {
  ok: boolean;
  problem?: "missing" | "invalid" | "rate-limited" | "unavailable";
  errors?: Record<string, string>;
}

export const submittedToast = { title: "Testimonial Submitted", description: "Thank you! Your review will be published once approved." } as const;
export const failedToast = { title: "Submission Failed", description: "Please try again later" } as const;

/**
 * 'Submit Your Review'. Without JavaScript it posts to the page and the page shows the outcome;
 * with JavaScript it sends JSON, shows the spec's toasts, resets, and tells the dialog to close.
 */
export function ReviewForm({ idPrefix, startedAt, serverResult, onSubmitted }: { idPrefix: string; startedAt: number; serverResult?: ReviewFormResult; onSubmitted?: () => void }) {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string> | null>(null);
  const [missing, setMissing] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const [submitted, setSubmitted] = useState(false);
  const submittedRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (submitted) submittedRef.current?.focus();
  }, [submitted]);
  const shownErrors = errors ?? (formKey === 0 ? (serverResult?.errors ?? {}) : {});
  const showMissing = missing || (errors === null && formKey === 0 && serverResult?.problem === "missing");

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const values = reviewFormObject(new FormData(form));
    const parsed = TestimonialSchema.safeParse(values);
    setSubmitted(false);
    if (hasMissingRequired(values)) {
      setMissing(true);
      setErrors(parsed.success ? {} : firstErrors(z.flattenError(parsed.error).fieldErrors));
      toast({ variant: "error", ...missingInformation });
      return;
    }
    setMissing(false);
    if (!parsed.success) {
      setErrors(firstErrors(z.flattenError(parsed.error).fieldErrors));
      return;
    }
    setErrors(null);
    setBusy(true);
    try {
      const response = await fetch("/api/testimonials", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(values),
      });
      if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);
      toast({ variant: "success", ...submittedToast });
      setFormKey((k) => k + 1);
      setSubmitted(true);
      onSubmitted?.();
    } catch {
      toast({ variant: "error", ...failedToast });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form key={formKey} method="post" action="/testimonials#share" noValidate onSubmit={onSubmit} className="space-y-5">
      <input type="hidden" name="intent" value="submit" />
      {submitted ? (
        <div ref={submittedRef} tabIndex={-1} role="status" className="rounded-lg border-2 border-success bg-success-soft p-4">
          <p className="font-bold">{submittedToast.title}</p>
          <p>{submittedToast.description}</p>
        </div>
      ) : null}
      {showMissing ? (
        <div className="rounded-lg border-2 border-danger bg-danger-soft p-4">
          <p className="font-bold">{missingInformation.title}</p>
          <p>{missingInformation.description}</p>
        </div>
      ) : null}
      <ErrorSummary errors={shownErrors} labels={labels} idPrefix={idPrefix} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField name="name" label="Name" idPrefix={idPrefix} required autoComplete="name" maxLength={100} error={shownErrors.name} />
        <TextField name="email" label="Email" idPrefix={idPrefix} type="email" required autoComplete="email" error={shownErrors.email} hint="Only for verification; never published." />
      </div>
      <RatingInput idPrefix={idPrefix} error={shownErrors.rating} />
      <TextField name="context" label="Context" idPrefix={idPrefix} maxLength={120} hint="For example: wheelchair user for 12 years, Ohio" error={shownErrors.context} />
      <fieldset>
        <legend className="font-semibold">
          Tags <span className="font-normal text-muted">(optional, choose any)</span>
        </legend>
        <div className="mt-1 grid grid-cols-2 gap-x-4">
          {tagValues.map((tag) => (
            <label key={tag} className="tap-target flex items-center gap-3">
              <input type="checkbox" name="tags" value={tag} className="size-5 shrink-0 accent-[var(--brand)]" />
              <span className="capitalize">{tagLabel(tag)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <TextArea name="quote" label="Your review" idPrefix={idPrefix} required rows={4} maxLength={2000} error={shownErrors.quote} />
      <BotFields startedAt={startedAt} idPrefix={idPrefix} />
      <button type="submit" disabled={busy} className={buttonClass("primary", "w-full sm:w-auto")}>
        {busy ? "Submitting..." : "Submit Review"}
      </button>
    </Form>
  );
}
