/**
 * Home-page copy: the headline and the claims under it, life stories, how the cells alternate, the
 * figures, technology cards, clinical-evidence points, final call to action and the sections'
 * headings are content, edited in the admin (schemas/home.ts); what is written here is what a
 * fresh site shows. The claims and the figures that state a fact quote it by name
 * (quoted-facts.ts), so they follow its item.
 */
import { powerOptions } from "~/content/showcase";
import { commitments, company, regulatory } from "~/content/site";
import { markerPieces } from "~/lib/markers";
import { defineContent } from "./live";
import { withFacts } from "./quoted-facts";

/** The home page's opening: headline and button word for word from docs/requirements.md §1.2 (the company's claim). */
export const hero = defineContent("hero", {
  headline: "Engineered to Heal. Customized for You.",
  primaryAction: "See How It Heals",
});

/**
 * The short claims under the home page's headline (docs/requirements.md §2.1), as an editor writes
 * them: a claim that states a fact quotes it by name.
 */
export const heroClaimList = defineContent<string[]>("hero-claims", [
  "Fully automatic",
  "Custom programmed",
  "Built for real life",
  "Proven technology",
  "Trusted solutions",
  "Endless customization",
  "Insurance coded",
  "{usersWorldwide} users worldwide",
]);

/** The claims under the headline as the page shows them, each fact written in. */
export const heroClaims = (): string[] => heroClaimList.map((claim) => withFacts(claim));

export interface KeyFigure {
  id: string;
  /** The number, as large type. */
  value: string;
  /** Its unit, beside the number. */
  unit?: string;
  /** What the number means, as a sentence after it. */
  label: string;
}

/**
 * The facts that are numbers, set as large figures on the home page, as an editor writes them: a
 * figure that is a fact of another item is that fact's name alone ("{warrantyMonths}").
 */
export const keyFigureList = defineContent<KeyFigure[]>("key-figures", [
  { id: "cycle", value: "60", unit: "seconds", label: "About this often, the air cells cycle, all day" },
  { id: "battery", value: "24–30", unit: "hours", label: "Of use on one charge; it recharges in 3-4 hours" },
  { id: "warranty", value: "{warrantyMonths}", unit: "months", label: "Manufacturer warranty" },
  { id: "guarantee", value: "{guaranteeDays}", unit: "days", label: "Satisfaction guarantee" },
  { id: "users", value: "{usersWorldwide}", label: "Users worldwide" },
  { id: "since", value: "{founded}", label: "The year {companyName} was founded" },
]);

/** The figures as the page shows them, each fact written in. */
export const keyFigures = (): KeyFigure[] =>
  keyFigureList.map((figure) => ({
    id: figure.id,
    value: withFacts(figure.value),
    ...(figure.unit ? { unit: figure.unit } : {}),
    label: withFacts(figure.label),
  }));

export interface LifeStory {
  id: string;
  title: string;
  /** The situation, described without inventing a person. */
  situation: string;
  /** What the cushion does in that situation. */
  howItHelps: string;
}

/**
 * A technology row's picture: one of the drawings in app/components/content/illustrations.tsx,
 * the words drawn in it, and what a screen reader says for it.
 */
export type TechnologyPicture = { alt: string } & (
  | { drawing: "two-controllers" | "moisture-unit"; words: [string, string] }
  | { drawing: "battery" | "built-to-fit"; words: [string] }
);

export interface TechnologyCard {
  id: string;
  title: string;
  body: string;
  picture: TechnologyPicture;
}

export interface ClinicalEvidence {
  heading: string;
  intro: string;
  points: string[];
  /** Where the case studies are published. */
  link?: { label: string; href: string };
}

export interface CallToAction {
  heading: string;
  body: string;
}

export const lifeStories = defineContent<LifeStory[]>("life-stories", () => [
  {
    id: "workday-at-a-desk",
    title: "A workday at a desk",
    situation:
      "Eight hours at a desk means long stretches in the same position. Emails, calls and meetings make it easy to lose track of time.",
    howItHelps: `The ${company.productName} cushion shifts pressure about every 60 seconds, all day, without you stopping to think about it. One charge lasts 24-30 hours, more than a full workday.`,
  },
  {
    id: "a-long-drive",
    title: "A long drive",
    situation: "Hours on the road in an accessible vehicle, with few chances to stop and change position.",
    howItHelps:
      "The air cells keep alternating for the whole trip. With Auto-Start, the cushion turns on when you transfer onto it and off when you transfer off, so there is nothing to remember at each stop.",
  },
  {
    id: "a-weekend-outdoors",
    title: "A weekend outdoors",
    situation: "A game, a park, a day by the water: time away from home, and away from a power outlet.",
    howItHelps:
      "The battery runs 24-30 hours on a charge and recharges in 3-4 hours, so a full day out is covered. Choose Soft, Medium or Firm for the way you want it to feel.",
  },
]);

/** The key message: how the cells alternate, beside the animation of them. */
export const alternation = defineContent("alternation", {
  heading: "Pressure that never stays in one place",
  body: [
    "Two sets of air cells take turns. One set carries your weight while the other deflates to relieve pressure, then they swap, about every 60 seconds.",
    "It happens all day, by itself, so no part of your body carries the load for long.",
  ],
  picture:
    "The cushion's air cells seen from the side: cells marked A and cells marked B take turns rising and falling.",
  caption: "Cells A and B take turns; on the cushion they cycle about every 60 seconds.",
  /** Said only where the picture moves (no reduced-motion preference). */
  motionCaption: "The animation is sped up.",
  pause: "Pause the animation",
});

export const technologyCards = defineContent<TechnologyCard[]>("technology", () => [
  {
    id: "controller",
    title: "Two ways to switch it on",
    body: "The controller runs the alternating cycle for you. Auto-Start turns on when you transfer onto the cushion and off when you transfer off. The Manual Rocker Switch turns on and off when you choose.",
    picture: {
      drawing: "two-controllers",
      words: [powerOptions["auto-start"].label, powerOptions["manual-switch"].label],
      alt: "Drawing of the two controllers side by side: the Auto-Start controller with its round sensor and a light marked AUTO, and the Manual Rocker Switch controller with a switch marked I and O.",
    },
  },
  {
    id: "battery",
    title: "All-day battery",
    body: "A full charge gives 24-30 hours of use. Recharging takes 3-4 hours, for example while you sleep.",
    picture: {
      drawing: "battery",
      words: ["24–30 h"],
      alt: "Drawing of a battery four-fifths charged, with a clock and the words 24–30 h: one charge lasts 24 to 30 hours.",
    },
  },
  {
    id: "custom-fit",
    title: "Built to fit",
    body: "Every cushion is custom-built to any size or shape and custom-programmed for the person using it. There is no weight limit. Choose Soft, Medium or Firm.",
    picture: {
      drawing: "built-to-fit",
      words: ["any size or shape"],
      alt: "Drawing of a cushion with one corner cut away, inside the dashed outline of a seat, with arrows measuring its width and depth: it is built to any size or shape.",
    },
  },
  {
    id: "moisture",
    title: "Optional moisture control unit",
    body: `A moisture control unit is available as an option for the ${company.productName} system. Ask us whether it suits you.`,
    picture: {
      drawing: "moisture-unit",
      words: ["Moisture", "control unit"],
      alt: "Drawing of the cushion seen from above, its rows of air cells, with the small moisture control unit beside it.",
    },
  },
]);

export const clinicalEvidence = defineContent<ClinicalEvidence>("clinical-evidence", () => ({
  heading: "Proven technology you can trust",
  intro: `The ${company.productName} system is a regulated medical device, built on patented technology and approved by clinicians.`,
  points: [
    `A ${regulatory.classification}`,
    "FDA-cleared",
    "CE marked",
    "Clinician approved",
    "Protected by two active patents",
    "Case studies on healing, prevention and user satisfaction are on our Case Studies page",
  ],
  link: { label: "Read the case studies", href: "/case-studies" },
}));

export const finalCallToAction = defineContent<CallToAction>("final-call", () => ({
  heading: "Ready to take control of your healing?",
  body: `Send us a request and we will contact you for a consultation within ${company.consultationWithin}. Every ${company.productName} cushion is custom-built for you and comes with a ${commitments.guaranteeDays}-day satisfaction guarantee and an ${commitments.warrantyMonths}-month manufacturer warranty.`,
}));

/**
 * The home page's words around its sections: its title and description in search results, the
 * words under the headline, the sections' headings and introductions, and the buttons and links
 * the sections' own items do not hold.
 */
export interface HomeHeadings {
  search: { title: string; description: string };
  hero: {
    /** Under the headline. */
    intro: string;
    /** The link down to the comparison, beside the headline's button. */
    compare: string;
    /** What the picture beside the headline shows, for screen readers. */
    picture: string;
  };
  showcase: {
    title: string;
    intro: string;
    /** With {model} where the model shown goes (`showcaseOrderButton`). */
    order: string;
    sizing: string;
  };
  figures: { title: string };
  lifeStories: { title: string };
  comparison: {
    title: string;
    intro: string;
    /** For screen readers: what the table compares. */
    caption: string;
    feature: string;
    dynamic: string;
    static: string;
  };
  technology: { title: string };
  /** The section of the published reviews. */
  reviews: {
    title: string;
    /** What screen readers call the carousel of reviews. */
    label: string;
    /** In place of the carousel while no review is published; {share} is where the link `share` goes. */
    none: string;
    share: string;
    /** The link to the testimonials page, under the carousel. */
    all: string;
  };
  faq: {
    title: string;
    /** The button to the FAQ page. */
    all: string;
    contact: string;
  };
  finalCall: { order: string; message: string };
}

export const homeHeadings = defineContent<HomeHeadings>("home-headings", () => ({
  search: {
    title: "Alternating-Pressure Wheelchair Cushion",
    description: `The ${company.productName} alternating-pressure air cushion shifts pressure about every 60 seconds to help prevent and heal pressure sores. Custom-built, FDA-cleared.`,
  },
  hero: {
    intro: `The ${company.productName} cushion redistributes pressure for you: its air cells inflate and deflate in turn, about every 60 seconds, so no part of your body carries the load for long.`,
    compare: "Compare Cushions",
    picture: `Illustration of the ${company.productName} cushion on a wheelchair seat: rows of air cells, alternately inflated, connected by a hose to its small controller`,
  },
  showcase: {
    title: "Two models, one way of healing",
    intro: "Choose how your cushion switches on.",
    order: "Order {model}",
    sizing: "Talk to us about sizing",
  },
  figures: { title: `${company.productName} in numbers` },
  lifeStories: { title: "Made for real days" },
  comparison: {
    title: "Dynamic vs static cushions",
    intro: `A static foam or gel cushion holds the same shape all day. The ${company.productName} dynamic cushion keeps moving the pressure.`,
    caption: `Features of a dynamic ${company.productName} cushion compared with a static cushion`,
    feature: "Feature",
    dynamic: `Dynamic (${company.productName})`,
    static: "Static cushion",
  },
  technology: { title: "The technology inside" },
  reviews: {
    title: "What users say",
    label: "Reviews",
    none: "No reviews have been published yet. If you use the cushion, {share}.",
    share: "be the first to share your experience",
    all: "Read all reviews",
  },
  faq: { title: "Questions people ask", all: "See all questions", contact: "Contact us" },
  finalCall: { order: "Request an Order", message: "Send us a message" },
}));

/** The showcase's order button for the model shown (its name from app/content/showcase.ts). */
export function showcaseOrderButton(model: string): string[] {
  return markerPieces(homeHeadings.showcase.order, { model });
}
