import { company } from "~/content/site";
import type { FailureProblem } from "~/lib/forms";

/**
 * What a visitor is told about their message, in the words of docs/requirements.md §6.2, written
 * once. The reply time is the company facts' as they are when the visitor is told.
 */
export const contactOutcomes = {
  sent: () => ({
    title: "Message sent successfully!",
    description: `Thank you for contacting us. We'll respond in ${company.emailResponse}.`,
  }),
  failedTitle: "Failed to send message",
} as const;

/** The start of the failure text; it always ends "contact us directly at {email}". */
export function failureLead(problem: FailureProblem): string {
  switch (problem) {
    case "rate-limited":
      return "Too many messages were sent from your connection just now. Please wait a few minutes, or";
    case "unavailable":
      return "Please try again or";
    case "full":
      return `This form cannot take messages just now: too many automated posts are waiting for review, and yours was not stored. Please call us on ${company.phone.display} (${company.hours.short}), try again in an hour, or`;
  }
}

export function failureNotice(problem: FailureProblem, email: string) {
  return { title: contactOutcomes.failedTitle, description: `${failureLead(problem)} contact us directly at ${email}` };
}
