/**
 * The Order page's own words (its heading, introduction, the steps' label, the button down to the
 * form, the box above the form, the privacy note under it and the view shown once a request is
 * sent) and its steps are content, edited in the admin (schemas/order.ts); what is written here is
 * what a fresh site shows. A text that promises a company fact quotes it by name (quoted-facts.ts),
 * so the promise follows a change to the company facts. The search title, description, keywords
 * and breadcrumb stay in the route; the form's own words stay with its fields
 * (features/orders/fields.ts), since the browser and the server check them alike, and the notices
 * a request's outcome raises (a toast, the JSON API's answer) in features/orders/outcomes.ts.
 */
import { company } from "~/content/site";
import { defineContent } from "./live";

export interface OrderPage {
  /** The word above the heading. */
  eyebrow: string;
  title: string;
  /** Under the heading; it may quote the time to the consultation call, {consultationWithin}. */
  intro: string;
  /** Above each step's title, with {number} where its number goes. */
  step: string;
  /** The button under the steps, down to the form. */
  start: string;
  /** The box above the form. */
  form: {
    title: string;
    /** Beside the heading, followed by the link to the paying page. */
    intro: string;
    paying: string;
    /** The button to the form's first question. */
    openBelow: string;
    /** The button that opens the company's hosted form, where the site is set to offer one. */
    openHosted: string;
  };
  /**
   * The note under the form: its lead-in in bold, then its text, with {policy} and {healthData}
   * where the links to the privacy policy and to its consumer-health-data section go.
   */
  privacy: { lead: string; body: string; policy: string; healthData: string };
  /** Beside the phone number and email address, under the note. */
  otherWays: string;
  /** In place of the form once a request is sent. */
  sent: {
    title: string;
    /** With {reference} where the request's reference goes. */
    reference: string;
    /** Shown when the site emails the requester a confirmation. */
    confirmation: string;
    nextTitle: string;
    /** What happens next, in order; each may quote a company fact. */
    next: string[];
    again: string;
  };
}

export const orderPage = defineContent<OrderPage>("order", () => ({
  eyebrow: "Order",
  title: `Request Your Custom ${company.name} Pad`,
  intro: `Every ${company.productName} cushion is built for the person who sits on it. Tell us about yourself and an expert will be in touch within {consultationWithin}.`,
  step: "Step {number}",
  start: "Start Your Order",
  form: {
    title: "Your order request",
    intro: "Six short parts, about five minutes. Nothing is charged: an expert calls you first.",
    paying: "How paying, and insurance, work",
    openBelow: "Open Form Below",
    openHosted: "Open in New Tab",
  },
  privacy: {
    lead: "Privacy:",
    body: "we use these details only to prepare your cushion and to contact you about it, and never share them with third parties. Health details stay in our own system: they are not sent by email. While you fill in the form, your answers are kept in this browser tab until you send them or close the tab. Read our {policy} and how we handle {healthData}.",
    policy: "privacy policy",
    healthData: "consumer health data",
  },
  otherWays: "Prefer to order by phone or email?",
  sent: {
    title: "Order Request Received",
    reference: "Your reference is {reference}. Please keep it: quote it when you call or write to us.",
    confirmation: "We are emailing a confirmation with this reference to the address you gave.",
    nextTitle: "What happens next",
    next: [
      "An expert contacts you within {consultationWithin} for your consultation, by phone or email.",
      "Together you confirm the size, shape and settings of your cushion.",
      "We build it for you and ship it directly to you.",
    ],
    again: "Start Another Request",
  },
}));

/** A step of the order page's hero; the page numbers the steps in their order. */
export interface OrderStep {
  title: string;
  body: string;
}

export const orderSteps = defineContent<OrderStep[]>("order-steps", () => [
  {
    title: "Submit Request",
    body: "Fill in the request form with a few details about you, your chair and your needs.",
  },
  {
    title: "Expert Consultation",
    body: "We contact you within {consultationWithin} to talk through your needs, your chair and your options.",
  },
  {
    title: "Custom Build",
    body: `Your medical-grade ${company.productName} cushion is custom-built and programmed for you.`,
  },
  {
    title: "Fast Delivery",
    body: "We ship your cushion directly to you. Ground delivery in the U.S. takes 3-5 business days.",
  },
]);
