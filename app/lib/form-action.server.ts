import { data } from "react-router";
import { type FieldSpecs, fieldNames, type FormAnswer, keptValues } from "./form-fields";
import { redirectToSent, stillSending, submitTicketed } from "./form-ticket.server";
import { type FillStart, formObject } from "./forms";
import type { Sent, TicketedForm } from "./idempotency.server";
import { readForm, retryAfterHeaders } from "./request.server";

/** A submission refused: why, one message per field with a mistake, and how long to wait. */
export interface Refusal<Problem extends string> {
  ok: false;
  status: number;
  problem: Problem;
  errors: Record<string, string>;
  retryAfter?: number;
}

/**
 * Every page form's action (README, "Adding a form"): read the post, submit it once per ticket
 * with when the visitor was served the form (`submit` checks it with the form's schema, its limits
 * and spam signals, and stores it), then answer. A stored post is a 303 to its confirmation with a
 * one-time notice (post/redirect/get: reloading it, or sending the same form again, sends nothing);
 * a refused one is the form's answer with the status that says why.
 */
export async function answerForm<Name extends string, Stored extends { ok: true }, Problem extends string>(
  request: Request,
  options: {
    form: TicketedForm;
    fields: FieldSpecs<Name>;
    submit: (form: Record<string, unknown>, start: FillStart) => Promise<Stored | Refusal<Problem>>;
    /** Where a stored post's answer sends the browser, and its notice. */
    sent: (stored: Stored) => Sent;
  },
) {
  const form = formObject(await readForm(request));
  const outcome = await submitTicketed(options.form, form, fieldNames(options.fields), async (start) => {
    const result = await options.submit(form, start);
    return result.ok ? { sent: options.sent(result) } : { failed: result };
  });
  if (outcome.sent) return redirectToSent(outcome.sent);
  const result = outcome.failed ?? stillSending;
  const answer: FormAnswer<Name, Problem | typeof stillSending.problem> = {
    problem: result.problem,
    errors: result.errors,
    values: keptValues(form, options.fields),
    ticket: outcome.ticket,
  };
  return data(answer, { status: result.status, headers: retryAfterHeaders(result) });
}
