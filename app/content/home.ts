/** Home-page copy: edit the life stories, technology cards, clinical-evidence points and final call to action here. */
import { commitments, company, regulatory } from "~/content/site";

/** The home page's opening: the headline and the button are the spec's words (the company's own claim). */
export const hero = {
  headline: "Engineered to Heal. Customized for You.",
  primaryAction: "See How It Heals",
};

export interface LifeStory {
  id: string;
  title: string;
  /** The situation, described without inventing a person. */
  situation: string;
  /** What the cushion does in that situation. */
  howItHelps: string;
}

export interface TechnologyCard {
  id: string;
  title: string;
  body: string;
  image: { src: string; alt: string; width: 400; height: 300 };
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

export const lifeStories: LifeStory[] = [
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
    situation:
      "Hours on the road in an accessible vehicle, with few chances to stop and change position.",
    howItHelps:
      "The air cells keep alternating for the whole trip. With Auto-Start, the cushion turns on when you transfer onto it and off when you transfer off, so there is nothing to remember at each stop.",
  },
  {
    id: "a-weekend-outdoors",
    title: "A weekend outdoors",
    situation:
      "A game, a park, a day by the water: time away from home, and away from a power outlet.",
    howItHelps:
      "The battery runs 24-30 hours on a charge and recharges in 3-4 hours, so a full day out is covered. Choose Soft, Medium or Firm for the way you want it to feel.",
  },
];

export const technologyCards: TechnologyCard[] = [
  {
    id: "air-cells",
    title: "Alternating air cells",
    body: "Two sets of air cells take turns. One set carries your weight while the other deflates to relieve pressure, then they swap, about every 60 seconds.",
    image: {
      src: "/images/tech/air-cells.svg",
      alt: "Diagram of the cushion's two sets of air cells, one inflated and one deflated.",
      width: 400,
      height: 300,
    },
  },
  {
    id: "controller",
    title: "Simple controller",
    body: "The controller runs the alternating cycle for you. Choose Auto-Start, which turns on when you transfer onto the cushion, or a Manual Rocker Switch.",
    image: {
      src: "/images/tech/controller.svg",
      alt: `Illustration of the compact ${company.productName} controller.`,
      width: 400,
      height: 300,
    },
  },
  {
    id: "battery",
    title: "All-day battery",
    body: "A full charge gives 24-30 hours of use. Recharging takes 3-4 hours.",
    image: {
      src: "/images/tech/battery.svg",
      alt: "Illustration of a fully charged battery.",
      width: 400,
      height: 300,
    },
  },
  {
    id: "custom-fit",
    title: "Built to fit",
    body: "Every cushion is custom-built to any size or shape and custom-programmed for the person using it. There is no weight limit.",
    image: {
      src: "/images/tech/custom-fit.svg",
      alt: "Illustration of cushions in different sizes and shapes.",
      width: 400,
      height: 300,
    },
  },
];

export const clinicalEvidence: ClinicalEvidence = {
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
};

export const finalCallToAction: CallToAction = {
  heading: "Ready to take control of your healing?",
  body: `Send us a request and we will contact you for a consultation within ${company.consultationWithin}. Every ${company.productName} cushion is custom-built for you and comes with a ${commitments.guaranteeDays}-day satisfaction guarantee and an ${commitments.warrantyMonths}-month manufacturer warranty.`,
};
