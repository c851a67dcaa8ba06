/**
 * The Order page's steps are content, edited in the admin (schemas/order.ts); what is written here
 * is what a fresh site shows. A step that promises a company fact quotes it by name
 * (quoted-facts.ts), so the promise follows a change to the company facts.
 */
import { company } from "~/content/site";
import { defineContent } from "./live";

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
