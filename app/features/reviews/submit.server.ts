import type { Executor } from "~/lib/db.server";
import { type PublicFormResult, submitPublicForm } from "~/lib/public-form.server";
import { createReview } from "./store.server";
import { hasMissingRequired, type ReviewProblem } from "./fields";
import { ReviewSchema } from "./schema";
import { startFromPayload } from "~/lib/forms";

type Failure = Exclude<PublicFormResult, { ok: true }>;
export type ReviewSubmitResult =
  Extract<PublicFormResult, { ok: true }> | (Omit<Failure, "problem"> & { problem: ReviewProblem });

/** A review from the page's form or the JSON API: pending moderation, or held as spam. */
export async function submitReview(
  form: Record<string, unknown>,
  clientIp: string,
  start = startFromPayload(form),
): Promise<ReviewSubmitResult> {
  const result = await submitPublicForm({
    kind: "review",
    schema: ReviewSchema,
    form,
    clientIp,
    start,
    text: (input) => `${input.quote} ${input.context ?? ""}`,
    store: (input, signals) => createReview(input, new Date(), undefined, signals),
  });
  // The "Missing Information" notice of docs/requirements.md §6.1 when a required field is empty.
  if (!result.ok && result.problem === "invalid" && hasMissingRequired(form)) return { ...result, problem: "missing" };
  return result;
}

/**
 * "Not spam": a held review, parsed again with the form's schema, becomes a pending review
 * received when it was first sent, inside the caller's transaction (with the spam row's removal).
 */
export async function restoreReview(
  payload: Record<string, unknown>,
  receivedAt: Date,
  trx: Executor,
): Promise<string> {
  return createReview(ReviewSchema.parse(payload), receivedAt, trx);
}
