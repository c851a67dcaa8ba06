/**
 * Frequently asked questions: the questions and answers and the four the home page shows are
 * content, edited in the admin (items.ts, schemas/faq.ts); what is written here is what a fresh
 * site shows. The FAQ page's heading and closing call are in faq-page.ts.
 */
import { commitments, company, regulatory } from "~/content/site";
import { defineContent } from "./live";

export interface FaqItem {
  /** Kebab-case slug, stable: used for anchors and the home-page teaser. */
  id: string;
  question: string;
  answer: string;
}

export const faqItems = defineContent<FaqItem[]>("faq", () => [
  {
    id: "how-alternating-pressure-works",
    question: "How does alternating pressure work?",
    answer: `The ${company.productName} cushion has two sets of air cells. While one set is inflated and carries your weight, the other is deflated and takes pressure off that area. About every 60 seconds they swap. No part of your body carries the load for long, and it all happens automatically while you sit.`,
  },
  {
    id: "who-is-it-for",
    question: `Who is the ${company.productName} cushion for?`,
    answer: `It is for wheelchair users who sit for long periods and need regular pressure relief, including people at risk of pressure sores and people healing from them. Caregivers, clinicians and dealers can help choose the right setup. If you are not sure it suits you, talk to your clinician or call us.`,
  },
  {
    id: "pressure-sores",
    question: "Can it help prevent or heal pressure sores?",
    answer: `The ${company.productName} system is designed to support pressure-sore prevention and healing by shifting pressure about every 60 seconds. Every body and every wound is different, so talk to your clinician about your own care and how the cushion fits into it. Individual experiences vary.`,
  },
  {
    id: "auto-start-vs-manual-switch",
    question: "What is the difference between Auto-Start and the Manual Rocker Switch?",
    answer: `Both models work the same way once they are running. Auto-Start turns on by itself when you transfer onto the cushion and turns off when you transfer off, so there is no switch to reach. The Manual Rocker Switch model has a simple on/off switch on the controller, so you decide exactly when it runs.`,
  },
  {
    id: "firmness-settings",
    question: "Can I change how firm the cushion feels?",
    answer: `Yes. There are three firmness settings: Soft, Medium and Firm. We help you choose the right setting during your consultation. If your needs change, call us and we will help you adjust it.`,
  },
  {
    id: "weight-limit",
    question: "Is there a weight limit?",
    answer: `No. The ${company.productName} cushion has no weight limit.`,
  },
  {
    id: "sizes-and-shapes",
    question: "What sizes and shapes are available?",
    answer: `Any size and any shape. Every ${company.productName} cushion is custom-built and custom-programmed for the person and the chair it will be used on. We confirm the details with you during your consultation.`,
  },
  {
    id: "battery-life",
    question: "How long does the battery last?",
    answer: `A full charge gives 24-30 hours of use. Recharging takes 3-4 hours, so you can charge it while you are out of the chair, such as overnight.`,
  },
  {
    id: "cleaning-and-cover",
    question: "How do I clean the cushion and its cover?",
    answer: `The user guide for your model explains how to care for the cushion and its cover. Clean only as the guide describes, and keep the controller and charger dry. If anything is unclear, call us and we will talk you through it.`,
  },
  {
    id: "moisture-control-unit",
    question: "What is the moisture control unit?",
    answer: `It is an optional add-on for the ${company.productName} system. It is not required for the cushion to work. Ask about it during your consultation and we will tell you whether it makes sense for you.`,
  },
  {
    id: "insurance",
    question: "Does insurance cover the cushion?",
    answer: `${company.name} does not bill insurance directly; dealers do. The ${company.productName} system is classified as durable medical equipment and has a billing code, which your dealer uses when submitting a claim. Coverage depends on your plan, so check with your dealer and your insurer.`,
  },
  {
    id: "shipping",
    question: "How is the cushion shipped, and how long does it take?",
    answer: `In the U.S., we ship by ground carrier, which takes 3-5 business days. Expedited 1-day and 2-day shipping is available at extra cost. We also ship to select countries; contact us to check whether we ship to yours.`,
  },
  {
    id: "satisfaction-guarantee",
    question: "What if the cushion is not right for me?",
    answer: `Every ${company.productName} system comes with a ${commitments.guaranteeDays}-day satisfaction guarantee. If it is not working for you, contact us within ${commitments.guaranteeDays} days and we will explain your options.`,
  },
  {
    id: "warranty",
    question: "What warranty do you offer?",
    answer: `The ${company.productName} system comes with an ${commitments.warrantyMonths}-month manufacturer warranty. If something is not working as it should, call us and we will help.`,
  },
  {
    id: "reconfiguration",
    question: "Can my cushion be changed later if my needs change?",
    answer: `Yes. We offer reconfiguration for a fee. We quote the fee during a consultation, once we know what needs to change.`,
  },
  {
    id: "how-to-order",
    question: "How do I order?",
    answer: `Fill in the request form on our Order page. One of our team will contact you for a consultation within ${company.consultationWithin}. Together we confirm your size, shape, firmness and power option, then we build your cushion and ship it directly to you.`,
  },
  {
    id: "regulatory-status",
    question: `Is the ${company.productName} cushion a medical device?`,
    answer: `Yes. The ${company.productName} system is a ${regulatory.classification}. It is FDA-cleared, CE marked and clinician approved.`,
  },
  {
    id: "support",
    question: "How do I get help or support?",
    answer: `Call us at ${company.phone.display}, ${company.hours.long}. You can also email us or send a message through our contact form; we reply within ${company.emailResponse}.`,
  },
]);

/** The four questions shown in the home-page FAQ teaser, in order. */
export const faqTeaserIds = defineContent<string[]>("faq-home", [
  "how-alternating-pressure-works",
  "pressure-sores",
  "insurance",
  "how-to-order",
]);
