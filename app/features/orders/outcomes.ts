import { company } from "~/content/site";
import type { FailureProblem } from "~/lib/forms";

/** What a requester is told about their order request, written once. */
export const orderOutcomes = {
  sent: (reference: string) => ({
    title: "Order request received",
    description: `Your reference is ${reference}. An expert will contact you within ${company.consultationWithin}.`,
  }),
  failedTitle: "Your order request was not sent",
} as const;

/** The start of the failure text; it always ends with the phone number and the email address (`orderFailureText`). */
export function orderFailureLead(problem: FailureProblem): string {
  switch (problem) {
    case "rate-limited":
      return "Too many requests were sent from your connection just now. Your answers are kept: please wait a few minutes and send again, or";
    case "unavailable":
      return "Your answers are kept: please try again, or";
    case "full":
      return "This form cannot take requests just now: too many automated posts are waiting for review, and yours was not stored. Your answers are kept: please try again in an hour, or";
  }
}

/** The whole failure text, as a toast and the JSON API give it; `email` is the support address (SITE_EMAIL). */
export function orderFailureText(problem: FailureProblem, email: string): string {
  return `${orderFailureLead(problem)} call us on ${company.phone.display} or email ${email}.`;
}
