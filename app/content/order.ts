/** The Order page's four steps: edit each step's title and description here. */
import { company } from "~/content/site";

export interface OrderStep {
  title: string;
  body: string;
}

export const orderSteps: OrderStep[] = [
  {
    title: "Submit Request",
    body: "Fill in the request form with a few details about you, your chair and your needs.",
  },
  {
    title: "Expert Consultation",
    body: `We contact you within ${company.consultationWithin} to talk through your needs, your chair and your options.`,
  },
  {
    title: "Custom Build",
    body: `Your medical-grade ${company.productName} cushion is custom-built and programmed for you.`,
  },
  {
    title: "Fast Delivery",
    body: "We ship your cushion directly to you. Ground delivery in the U.S. takes 3-5 business days.",
  },
];
