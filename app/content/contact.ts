/**
 * The Contact page: edit its heading, introduction, cards, button, privacy note and success view
 * here, and the topics a message can be about. The form's field labels and their messages stay
 * with its schema (features/contact/schema.ts); what a visitor is told once a message is sent or
 * fails is in features/contact/outcomes.ts.
 */
import { company } from "~/content/site";

/**
 * What a contact message can be about. The form's choices, the inbox's filter, the staff email
 * and the stored column's type (db/schema.ts) all come from this one list. A new topic is one
 * entry here plus a migration that adds its value to the CHECK on `contact_messages.topic`; a test
 * on both databases fails until the two agree.
 */
export const contactTopics = [
  { value: "general", label: "General Inquiry" },
  { value: "product", label: "Product Information" },
  { value: "order", label: "Order Status" },
  { value: "support", label: "Technical Support" },
  { value: "repair", label: "Request a Repair" },
  { value: "accessibility", label: "Report an Accessibility Barrier" },
  { value: "privacy", label: "Privacy and My Data" },
] as const;

export type ContactTopicValue = (typeof contactTopics)[number]["value"];

/** A topic as people read it; a value that is not in the list is shown as stored. */
export function topicLabel(value: string): string {
  return contactTopics.find((t) => t.value === value)?.label ?? value;
}

export const contactPage = {
  title: "Contact Us",
  breadcrumb: "Contact",
  description: `Questions about the ${company.productName} cushion, an order or a repair? Call ${company.phone.display} or send us a message; we reply within ${company.emailResponse}.`,
  keywords: ["contact Aquila", "SofTech support", "cushion repair"],
  eyebrow: "Contact",
  intro: `Questions about the ${company.productName} system, an order, or a repair? We are glad to help.`,
  badges: [`Email response in ${company.emailResponse}`, `Phone support ${company.hours.long}`],
  /** The four cards' headings; the address, number and hours come from site.ts and the configuration. */
  cards: { email: "Email", phone: "Phone", hours: "Hours", responseTime: "Response time" },
  responseTime: `We reply to messages within ${company.emailResponse}.`,
  formTitle: "Send us a message",
  send: "Send Message",
  sending: "Sending...",
  privacy: {
    lead: "Privacy:",
    body: "we use your details only to answer your message. Your information is never shared with third parties.",
    link: "How we handle your information",
  },
  sent: { title: "Message Sent Successfully!", again: "Send Another Message" },
};

/** The message a link such as /contact?subject=… starts the form with. */
export function requestMessage(subject: string): string {
  return `I would like to receive this: ${subject}.`;
}
