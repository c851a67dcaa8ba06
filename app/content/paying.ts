/**
 * The Paying for SofTech page (/paying): how the cushion is paid for, written for the person who
 * uses it and for a caregiver. Its text is content, edited in the admin (schemas/paying.ts); what
 * is written here is what a fresh site shows. The billing code is the "coverage" item and the
 * guarantee, warranty, reconfiguration and shipping under "What comes with every cushion" the
 * "commitments" item (site.ts): the page reads them when it is drawn, so they change with those
 * items. Until the company supplies the code, `npm run content:check` lists it.
 */
import { defineContent } from "./live";
import { commitments, company, coverage } from "./site";

export interface PayingStep {
  title: string;
  body: string;
}

export interface QuestionList {
  /** Names the list on the page (its heading's id); kept once published. */
  id: string;
  title: string;
  questions: string[];
}

/** Where the billing code goes in `billingCode.known`. */
export const billingCodeMarker = "{code}";

export interface PayingPage {
  /** The page's heading, its title in search results and the last step of its breadcrumbs. */
  title: string;
  /** For search engines. */
  description: string;
  intro: string;
  steps: { title: string; items: PayingStep[] };
  billingCode: {
    title: string;
    body: string;
    /** Shown once the code is known, with `billingCodeMarker` where the code goes. */
    known: string;
    /** Shown until then, above the ways to ask. */
    ask: string;
  };
  papers: { title: string; intro: string; items: string[] };
  selfPay: { title: string; body: string };
  /** The terms under it are the company's commitments (`includedTerms`). */
  included: { title: string };
  cta: { title: string; body: string };
}

export const payingPage = defineContent<PayingPage>("paying", () => ({
  title: `Paying for ${company.productName}`,
  description: `How the ${company.productName} cushion is paid for: a durable medical equipment billing code, dealers who bill insurance, what a dealer usually asks for, questions to ask, and what comes with every cushion.`,
  intro: `The ${company.productName} system is ${coverage.equipmentClass} with a billing code, so your insurance may help pay for it. ${company.name} does not bill insurance itself: medical-equipment dealers do. This page explains who to talk to, what a dealer usually asks for and what to ask, whether you use the cushion or help someone who does.`,

  steps: {
    title: "How paying through insurance usually works",
    items: [
      {
        title: "Talk to your clinician",
        body: "Your doctor, seating specialist, occupational therapist or physical therapist can tell you whether an alternating-pressure cushion suits your skin and the way you sit. Insurers usually pay only for equipment a clinician has ordered.",
      },
      {
        title: "Choose a dealer",
        body: "A medical-equipment dealer who works with your insurance handles the claim. Your insurer or your clinician can tell you which dealers are in your plan.",
      },
      {
        title: "The dealer sends the claim",
        body: `The dealer checks your coverage, gathers the papers your insurer needs and sends the claim with the ${company.productName} billing code.`,
      },
      {
        title: "We build and ship your cushion",
        body: `When your order is confirmed, we build your cushion for your body and your chair and ship it directly to you, ${commitments.shipping.ground}.`,
      },
    ],
  },

  billingCode: {
    title: "The billing code",
    body: `Insurers use billing codes to decide what they pay for. The ${company.productName} system has a billing code as ${coverage.equipmentClass}; your dealer puts it on the claim.`,
    known: `The ${company.productName} billing code is ${billingCodeMarker}.`,
    ask: "Ask us for the code and we will give it to you or your dealer:",
  },

  papers: {
    title: "What a dealer usually asks for",
    intro: "Your dealer and your insurer decide exactly what is needed, so ask them first. Most ask for these:",
    items: [
      "A prescription or written order for the cushion from your clinician.",
      "Your clinician's notes on why you need it, for example a pressure injury now or in the past, or a high risk of one, and how many hours a day you sit.",
      "Your wheelchair's make and model, and the seat's width and depth.",
      "Your insurance card, and an approval in advance (prior authorization) if your plan asks for one.",
    ],
  },

  selfPay: {
    title: "Not going through insurance?",
    body: `Send an order request or call us: at your consultation we talk through the setup you need and what it costs.`,
  },

  included: {
    title: "What comes with every cushion",
  },

  cta: {
    title: "Ready to start?",
    body: `Send a request and an expert contacts you within ${company.consultationWithin}.`,
  },
}));

/** The questions to ask, one list for each person asked. */
export const payingQuestions = defineContent<{ title: string; lists: QuestionList[] }>("paying-questions", {
  title: "Questions to ask",
  lists: [
    {
      id: "ask-insurer",
      title: "Your insurer or dealer",
      questions: [
        "Is an alternating-pressure cushion covered under my plan's durable medical equipment benefit?",
        "Do I need a prescription or an approval in advance before the dealer orders it?",
        "What will I pay myself: a deductible, a co-payment or a share of the cost?",
        "Which papers do you need, and who sends them to you?",
        "How long does approval usually take, and how will I hear?",
      ],
    },
    {
      id: "ask-clinician",
      title: "Your clinician",
      questions: [
        "Is alternating pressure right for my skin and the way I sit?",
        "Can you write the order and the notes my dealer needs?",
        "Which firmness should I start with: Soft, Medium or Firm?",
      ],
    },
    {
      id: "ask-caregiver",
      title: "If you help someone else",
      questions: [
        "Does the insurer need written permission from the person before it talks to me about their claim?",
        "Can I be named as a contact on the dealer's file?",
        "Where do I keep copies of every paper, and a note of each call: the date, who I spoke to and what they said?",
      ],
    },
  ],
});

/** The sentence that gives the billing code, once the company has supplied it. */
export function knownBillingCode(code: string): string {
  return payingPage.billingCode.known.split(billingCodeMarker).join(code);
}

/**
 * What comes with every cushion: the company's commitments as they are published now, so a
 * change to "Guarantee, warranty and shipping" changes this list too.
 */
export function includedTerms(): Array<{ term: string; detail: string }> {
  return [
    {
      term: `${commitments.guaranteeDays}-day satisfaction guarantee`,
      detail: `If it is not working for you, contact us within ${commitments.guaranteeDays} days and we will explain your options.`,
    },
    {
      term: `${commitments.warrantyMonths}-month manufacturer warranty`,
      detail: "If something is not working as it should, call us and we will help.",
    },
    {
      term: "Reconfiguration",
      detail: `If your needs change, we can set your cushion up again ${commitments.reconfiguration}.`,
    },
    {
      term: "Shipping",
      detail: `We ship ${commitments.shipping.ground}; ${commitments.shipping.expedited} is available at extra cost. We also ship ${commitments.shipping.abroad}; ask us about yours.`,
    },
  ];
}
