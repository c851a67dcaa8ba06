/**
 * Replies to leads from the admin (docs/requirements.md §4.8): the texts a reply starts from for
 * each topic, the outcomes a recorded call can have, the daily list's wording and the sentences
 * the public response figures are written in. Staff can change each topic's template in the
 * admin (/admin/templates); what is here is the text used until they do.
 *
 * A template may use {name} (the name the person gave) and, for an order request, {reference}.
 * Order requests have their own template ("order-request"); "order" is the contact topic
 * "Order Status".
 * Nothing else from a lead is ever put into a reply: what a person wrote about their health goes
 * into an email only if a staff member types it.
 */
import { contactTopics } from "./contact";
import { company } from "./site";

const signOff = `With best wishes,\nThe ${company.name} team\n${company.phone.display}`;

/** The template key of order requests. */
export const orderRequestTemplate = "order-request";

export interface ReplyTemplate {
  subject: string;
  body: string;
}

/** The templates' keys: every contact topic, and "order" for order requests. */
export const templateTopics = [
  ...contactTopics.map((t) => ({ value: t.value as string, label: t.label as string })),
  { value: orderRequestTemplate, label: "Order request (consultation call)" },
] as const;

const opening = "Hello {name},\n\nThank you for writing to us.";

export const defaultTemplates: Record<string, ReplyTemplate> = {
  general: { subject: `Your message to ${company.name}`, body: `${opening}\n\n${signOff}` },
  product: {
    subject: `About the ${company.productName} cushion`,
    body: `${opening}\n\n${signOff}`,
  },
  order: { subject: `Your ${company.productName} order`, body: `${opening}\n\n${signOff}` },
  [orderRequestTemplate]: {
    subject: `Your ${company.productName} order request {reference}`,
    body: `Hello {name},\n\nThank you for your order request {reference}. We would like to arrange your consultation call.\n\n${signOff}`,
  },
  support: { subject: `Your ${company.productName} support request`, body: `${opening}\n\n${signOff}` },
  repair: { subject: `Your ${company.productName} repair request`, body: `${opening}\n\n${signOff}` },
  accessibility: {
    subject: "The accessibility barrier you reported",
    body: `Hello {name},\n\nThank you for telling us about this barrier.\n\n${signOff}`,
  },
  privacy: { subject: "Your privacy question", body: `${opening}\n\n${signOff}` },
};

/** What a recorded call came to; each one counts as the lead's reply. */
export const callOutcomes = [
  { value: "spoke", label: "Spoke with them" },
  { value: "left-message", label: "Called, left a message" },
  { value: "no-answer", label: "Called, no answer" },
  { value: "consultation", label: "Consultation held" },
] as const;

export type CallOutcome = (typeof callOutcomes)[number]["value"];

export function callOutcomeLabel(value: string | null): string {
  return callOutcomes.find((o) => o.value === value)?.label ?? "Call";
}

/** The public figures' wording (/contact and /order). */
export const responseFigureTexts = {
  heading: "How quickly we reply",
  message: {
    noun: "messages",
    promise: "within 1 business day",
    verb: "answered",
  },
  order: {
    noun: "order requests",
    promise: "within 1 business day",
    verb: "called",
  },
  /** Until there are enough leads in the window to say something true. */
  pending: (noun: string) =>
    `How quickly we answer ${noun} will be shown here, measured from our records, once there are 20 in the last 90 days to count.`,
  window: "Over the last 90 days, counted in business hours (Monday to Friday, 9 a.m. to 5 p.m. Eastern Time).",
};

export const digestTexts = {
  subject: (day: string, count: number) =>
    `[${company.name}] ${count} ${count === 1 ? "reply" : "replies"} due or overdue, ${day}`,
  intro: "Your list for today. Each link opens the lead in the admin; nothing the person wrote is copied here.",
  unassignedIntro:
    "Leads no one has taken yet, and those of people with no email on their account. Each link opens the lead in the admin; nothing the person wrote is copied here.",
  overdue: "Overdue",
  today: "Due today",
  queue: "Today's work",
};
