import { company } from "~/content/site";

/** What a requester is told about their order request, written once. */
export const orderOutcomes = {
  sent: (reference: string) => ({
    title: "Order request received",
    description: `Your reference is ${reference}. An expert will contact you within ${company.consultationWithin}.`,
  }),
  failedTitle: "Your order request was not sent",
} as const;

/** The start of the failure text; it always ends with the phone number and the email address. */
export function orderFailureLead(problem: "rate-limited" | "unavailable"): string {
  return problem === "rate-limited"
    ? "Too many requests were sent from your connection just now. Your answers are kept: please wait a few minutes and send again, or"
    : "Your answers are kept: please try again, or";
}
