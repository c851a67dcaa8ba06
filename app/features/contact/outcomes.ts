import { company } from "~/content/site";

/** What a visitor is told about their message, in the spec's words (section 8), written once. */
export const contactOutcomes = {
  sent: { title: "Message sent successfully!", description: `Thank you for contacting us. We'll respond in ${company.emailResponse}.` },
  failedTitle: "Failed to send message",
} as const;

/** The start of the failure text; it always ends "contact us directly at {email}". */
export function failureLead(problem: "rate-limited" | "unavailable"): string {
  return problem === "rate-limited" ? "Too many messages were sent from your connection just now. Please wait a few minutes, or" : "Please try again or";
}

export function failureNotice(problem: "rate-limited" | "unavailable", email: string) {
  return { title: contactOutcomes.failedTitle, description: `${failureLead(problem)} contact us directly at ${email}` };
}
