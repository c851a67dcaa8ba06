/**
 * The About page: the introduction, the company's story, mission and history, and the page's
 * section headings and closing call are content, edited in the admin (schemas/about.ts); what is
 * written here is what a fresh site shows. The owners live in owners.ts.
 */
import { company, regulatory } from "~/content/site";
import { markerPieces } from "~/lib/markers";
import { defineContent } from "./live";

export interface AboutPage {
  /** Under the page's title, and the start of its description for search engines. */
  intro: string;
  /** "Our story", one string per paragraph. */
  story: string[];
  mission: { heading: string; body: string };
  history: Array<{ when: string; title: string; body: string }>;
}

export const aboutPage = defineContent<AboutPage>("about", () => ({
  intro: `${company.name} designs and builds the ${company.productName} alternating-pressure air cushion for people who spend their day in a wheelchair.`,
  story: [
    `Sitting for hours puts steady pressure on the same small areas of skin. For many wheelchair users that pressure is the everyday risk behind pressure sores. ${company.name} exists to take that pressure off, automatically, without asking the person in the chair to do anything more.`,
    `Each ${company.productName} cushion is built to order: the size, shape and firmness are set for the person who will sit on it, and its air cells take turns carrying the load about every 60 seconds.`,
  ],
  mission: {
    heading: "Our mission",
    body: "Help every wheelchair user take control of their healing: a cushion that protects skin all day, fits the chair and the body it serves, and is backed by people who answer the phone.",
  },
  history: [
    {
      when: String(company.founded),
      title: "Founded",
      body: `${company.name} is founded to build alternating-pressure seating for wheelchair users.`,
    },
    {
      when: String(company.newOwnership),
      title: "New ownership",
      body: `New owners take over ${company.name}, keeping the custom build and the support line that users rely on.`,
    },
    {
      when: "Today",
      title: `${company.usersWorldwide} users worldwide`,
      body: `The ${company.productName} system is a ${regulatory.classification}, ${regulatory.clearances.join(", ").toLowerCase().replace("fda", "FDA").replace("ce ", "CE ")}, protected by two active patents.`,
    },
  ],
}));

/**
 * The About page's headings and closing call. The page's own heading stays "About" and the
 * company's name, from the company facts.
 */
export interface AboutHeadings {
  /** The small line above the page's heading. */
  eyebrow: string;
  story: { title: string };
  history: { title: string };
  owners: {
    title: string;
    /** The button that opens an owner's biography. */
    readBio: string;
  };
  cta: {
    title: string;
    /** With {hours} where the opening hours go (`aboutCallSentence`). */
    body: string;
    order: string;
    message: string;
  };
}

export const aboutHeadings = defineContent<AboutHeadings>("about-headings", () => ({
  eyebrow: "About us",
  story: { title: "Our story" },
  history: { title: "Our history" },
  owners: { title: "Our owners", readBio: "Read bio" },
  cta: {
    title: "Ready to take control of your healing?",
    body: `Request a custom ${company.productName} cushion, or ask us anything first. We answer by phone {hours}.`,
    order: "Request an Order",
    message: "Send us a message",
  },
}));

/** The closing call's sentence, with the opening hours as the company facts say them now. */
export function aboutCallSentence(): string[] {
  return markerPieces(aboutHeadings.cta.body, { hours: company.hours.long });
}
