/**
 * The Contact page: its heading, introduction, badges, card headings, response time, form title,
 * button words, privacy note and success view are content, edited in the admin
 * (schemas/contact.ts); what is written here is what a fresh site shows. The badges and the
 * response time state company facts, so they quote them by name (quoted-facts.ts) and follow a
 * change to the company facts; the rest is worded here once. The form's field labels
 * and their messages stay with its schema (features/contact/schema.ts); what a visitor is told
 * once a message is sent or fails is in features/contact/outcomes.ts.
 */
import { company } from "~/content/site";
import { defineContent } from "./live";

/**
 * What a contact message can be about. The form's choices, the inbox's filter, the staff email
 * and the stored column's type (db/schema.ts) all come from this one list. A new topic is one
 * entry here plus a migration that adds its value to the CHECK on `contact_messages.topic`; a test
 * on both databases fails until the two agree. So the topics stay here in the code, not in a
 * content item an editor could change without that migration.
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

export interface ContactPage {
  /** The page's heading, and its title in the browser's tab and in search results. */
  title: string;
  /** The word above the heading. */
  eyebrow: string;
  intro: string;
  /** The two badges under the introduction; each quotes its fact (app/content/quoted-facts.ts). */
  badges: { email: string; phone: string };
  /** The four cards' headings; the address, number and hours come from site.ts and the configuration. */
  cards: { email: string; phone: string; hours: string; responseTime: string };
  /** The response-time card's sentence; it quotes the reply time for email. */
  responseTime: string;
  formTitle: string;
  /** The form's button, and its words while the message is sent. */
  send: string;
  sending: string;
  privacy: { lead: string; body: string; link: string };
  /** What replaces the form once a message was stored. */
  sent: { title: string; again: string };
}

export const contactPage = defineContent<ContactPage>("contact", () => ({
  title: "Contact Us",
  eyebrow: "Contact",
  intro: `Questions about the ${company.productName} system, an order, or a repair? We are glad to help.`,
  badges: {
    email: "Email response in {emailResponse}",
    phone: "Phone support {hours}",
  },
  cards: { email: "Email", phone: "Phone", hours: "Hours", responseTime: "Response time" },
  responseTime: "We reply to messages within {emailResponse}.",
  formTitle: "Send us a message",
  send: "Send Message",
  sending: "Sending...",
  privacy: {
    lead: "Privacy:",
    body: "we use your details only to answer your message. Your information is never shared with third parties.",
    link: "How we handle your information",
  },
  sent: { title: "Message Sent Successfully!", again: "Send Another Message" },
}));

/**
 * What search engines and the breadcrumb read of the page, beside its title. The description
 * quotes company facts, so it is written when the page is drawn.
 */
export const contactSearch = () => ({
  breadcrumb: "Contact",
  description: `Questions about the ${company.productName} cushion, an order or a repair? Call ${company.phone.display} or send us a message; we reply within ${company.emailResponse}.`,
  keywords: ["contact Aquila", "SofTech support", "cushion repair"],
});

/** The message a link such as /contact?subject=… starts the form with. */
export function requestMessage(subject: string): string {
  return `I would like to receive this: ${subject}.`;
}
