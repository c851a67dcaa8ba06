/**
 * Product-page copy: the clinical benefits, comparison, activation models, specification tiles,
 * how-it-works steps and the sections' headings and closing call are content, edited in the admin
 * (schemas/product.ts); what is written here is what a fresh site shows. The introduction is in
 * product-intro.ts.
 */
import { company } from "~/content/site";
import { markerPieces } from "~/lib/markers";
import { defineContent } from "./live";

export interface ClinicalBenefit {
  title: string;
  body: string;
}

export interface TraditionalVsSoftechRow {
  aspect: string;
  traditional: string;
  softech: string;
}

export interface ActivationModel {
  id: "auto-start" | "manual-switch";
  name: string;
  description: string;
  bestFor: string;
}

export interface SpecificationTile {
  label: string;
  value: string;
}

/** A step of "How it works"; the page numbers the steps in their order. */
export interface HowItWorksStep {
  title: string;
  body: string;
}

export const clinicalBenefits = defineContent<ClinicalBenefit[]>("product-benefits", [
  {
    title: "Regular pressure relief",
    body: "The air cells alternate about every 60 seconds, so pressure keeps moving instead of building up in one place.",
  },
  {
    title: "Designed for prevention and healing",
    body: "Built to support pressure-sore prevention and healing. Your clinician can tell you how it fits your care plan.",
  },
  {
    title: "Made for your body and chair",
    body: "Custom-built to any size or shape and custom-programmed for you, with no weight limit.",
  },
  {
    title: "Firmness you choose",
    body: "Three settings, Soft, Medium and Firm, so the cushion can feel right for you.",
  },
  {
    title: "Relief that works all day",
    body: "Fully automatic once running, with a battery that lasts 24-30 hours on a charge.",
  },
]);

export const traditionalVsSoftech = defineContent<TraditionalVsSoftechRow[]>("product-comparison", [
  {
    aspect: "Pressure",
    traditional: "Stays in the same places all day",
    softech: "Shifts between two sets of air cells about every 60 seconds",
  },
  {
    aspect: "Pressure relief",
    traditional: "Depends on you shifting position or being repositioned",
    softech: "Automatic and continuous while the system is running",
  },
  {
    aspect: "Firmness",
    traditional: "One fixed feel",
    softech: "Three settings: Soft, Medium and Firm",
  },
  {
    aspect: "Size and shape",
    traditional: "Usually sold in standard sizes",
    softech: "Custom-built to any size or shape",
  },
  {
    aspect: "Weight limit",
    traditional: "Varies by model",
    softech: "No weight limit",
  },
  {
    aspect: "Power",
    traditional: "None needed",
    softech: "24-30 hours per charge; recharges in 3-4 hours",
  },
]);

export const activationModels = defineContent<ActivationModel[]>("product-models", [
  {
    id: "auto-start",
    name: "Auto-Start",
    description:
      "Turns on by itself when you transfer onto the cushion and turns off when you transfer off. There is no switch to find or press.",
    bestFor: "People who want nothing to remember, or who find small switches hard to reach or press.",
  },
  {
    id: "manual-switch",
    name: "Manual Rocker Switch",
    description: "A simple rocker switch on the controller turns the system on and off, whenever you choose.",
    bestFor: "People who want direct control over exactly when the system runs.",
  },
]);

export const specifications = defineContent<SpecificationTile[]>("product-specifications", [
  { label: "Air-cell cycle", value: "About every 60 seconds" },
  { label: "Firmness settings", value: "Soft / Medium / Firm" },
  { label: "Weight limit", value: "None" },
  { label: "Size and shape", value: "Any size or shape" },
  { label: "Battery life", value: "24-30 hours" },
  { label: "Recharge time", value: "3-4 hours" },
  { label: "Patents", value: "Two active patents" },
  { label: "Satisfaction guarantee", value: "30 days" },
  { label: "Manufacturer warranty", value: "18 months" },
  { label: "Moisture control unit", value: "Optional" },
]);

export const howItWorks = defineContent<HowItWorksStep[]>("product-steps", [
  {
    title: "Built for you",
    body: "After your consultation, we custom-build and program your cushion for your body and your chair.",
  },
  {
    title: "Turn it on",
    body: "Auto-Start turns on when you transfer onto the cushion. The Manual Rocker Switch model turns on with one switch.",
  },
  {
    title: "The air cells alternate",
    body: "Two sets of air cells take turns inflating and deflating, about every 60 seconds, moving pressure around while you sit.",
  },
  {
    title: "Recharge",
    body: "One charge gives 24-30 hours of use. Recharge in 3-4 hours, for example while you sleep.",
  },
]);

/**
 * The headings of the product page's sections, the comparison table's caption and column headings,
 * and the closing call. The table's column for the product is headed with the product's name from
 * the company facts.
 */
export interface ProductHeadings {
  benefits: { title: string };
  comparison: {
    title: string;
    /** For screen readers: what the table compares. */
    caption: string;
    aspect: string;
    traditional: string;
  };
  models: {
    title: string;
    /** Before what each model is best for. */
    bestFor: string;
  };
  specifications: { title: string };
  steps: { title: string };
  cta: {
    title: string;
    /** With {productResponse} where the reply time for product questions goes (`productCallSentence`). */
    body: string;
    /** Shown instead of `order` when the site sends orders to a hosted order form. */
    orderForm: string;
    order: string;
    paying: string;
    manuals: string;
    contact: string;
  };
}

export const productHeadings = defineContent<ProductHeadings>("product-headings", () => ({
  benefits: { title: "Clinical benefits" },
  comparison: {
    title: `Traditional cushions vs ${company.productName}`,
    caption: `How a traditional static cushion compares with the ${company.productName} system`,
    aspect: "Aspect",
    traditional: "Traditional cushion",
  },
  models: { title: "Two ways to switch it on", bestFor: "Best for:" },
  specifications: { title: "Specifications" },
  steps: { title: "How it works" },
  cta: {
    title: `Get your ${company.productName} cushion`,
    body: "Send a request and we will be in touch: typical response {productResponse}.",
    orderForm: "Open the order form",
    order: "Request an Order",
    paying: `Paying for ${company.productName}`,
    manuals: "User Guides",
    contact: "Contact Us",
  },
}));

/** The closing call's sentence, with the reply time for product questions as the company facts say it now. */
export function productCallSentence(): string[] {
  return markerPieces(productHeadings.cta.body, { productResponse: company.productResponse });
}
