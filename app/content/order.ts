/**
 * The Order page's own words (its heading, introduction, the button down to the form and the box
 * above the form) and its steps are content, edited in the admin (schemas/order.ts); what is
 * written here is what a fresh site shows. A text that promises a company fact quotes it by name
 * (quoted-facts.ts), so the promise follows a change to the company facts. The search title,
 * description, keywords and breadcrumb stay in the route; the form's own words stay with its
 * fields (features/orders/fields.ts), and what a visitor is told once a request is sent or fails
 * in features/orders/outcomes.ts.
 */
import { company } from "~/content/site";
import { defineContent } from "./live";

export interface OrderPage {
  /** The word above the heading. */
  eyebrow: string;
  title: string;
  /** Under the heading; it may quote the time to the consultation call, {consultationWithin}. */
  intro: string;
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
}

export const orderPage = defineContent<OrderPage>("order", () => ({
  eyebrow: "Order",
  title: `Request Your Custom ${company.name} Pad`,
  intro: `Every ${company.productName} cushion is built for the person who sits on it. Tell us about yourself and an expert will be in touch within {consultationWithin}.`,
  start: "Start Your Order",
  form: {
    title: "Your order request",
    intro: "Six short parts, about five minutes. Nothing is charged: an expert calls you first.",
    paying: "How paying, and insurance, work",
    openBelow: "Open Form Below",
    openHosted: "Open in New Tab",
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
