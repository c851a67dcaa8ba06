/**
 * The Case Studies page: the studies (titles, summaries and stated results) and the page's own
 * words (its heading, the labels on each study and the buttons) are content, edited in the admin
 * (schemas/case-studies.ts); what is written here is what a fresh site shows.
 */
import { company } from "~/content/site";
import { fillMarkers } from "~/lib/markers";
import { defineContent } from "./live";

export interface CaseStudy {
  id: string;
  title: string;
  category: string;
  summary: string;
  participants: number;
  duration: string;
  result: string;
  status: "Completed" | "Ongoing";
  /** An uploaded photo (app/lib/uploads) with what it shows, for those who cannot see it. */
  photo?: { file: string; alt: string };
}

export const caseStudies = defineContent<CaseStudy[]>("case-studies", () => [
  {
    id: "pressure-sore-healing",
    title: "Pressure Sore Healing",
    category: "Clinical Research",
    summary: `A 12-week study with 150 participants looking at pressure-sore healing while using the ${company.productName} system.`,
    participants: 150,
    duration: "12 weeks",
    result: "94% healing improvement",
    status: "Completed",
  },
  {
    id: "prevention-efficacy",
    title: "Prevention Efficacy",
    category: "Prevention Study",
    summary: `A 6-month study with 200 participants looking at pressure-sore prevention while using the ${company.productName} system.`,
    participants: 200,
    duration: "6 months",
    result: "87% prevention rate",
    status: "Completed",
  },
  {
    id: "user-satisfaction",
    title: "User Satisfaction",
    category: "User Experience",
    summary: `An 8-week study with 125 participants looking at how satisfied people are with the ${company.productName} system.`,
    participants: 125,
    duration: "8 weeks",
    result: "95% satisfaction rate",
    status: "Ongoing",
  },
]);

/** The page's own words around the studies. */
export interface CaseStudiesPageText {
  /** The small line above the heading. */
  eyebrow: string;
  title: string;
  intro: string;
  /** The link back to the home page, above the studies. */
  back: string;
  /** What each study's figures are labelled. */
  labels: {
    participants: string;
    duration: string;
    result: string;
    /** An ongoing study's figure is interim, and says so: with {participants} (`interimResultLabel`). */
    interim: string;
    interimNote: string;
  };
  /** Each study's button, to ask for the full study. */
  request: string;
  order: string;
  contact: string;
}

export const caseStudiesPage = defineContent<CaseStudiesPageText>("case-studies-headings", () => ({
  eyebrow: "Evidence",
  title: "Case Studies",
  intro: `What studies of the ${company.productName} system have measured so far. Ask us for any full study.`,
  back: "Back to home",
  labels: {
    participants: "Participants",
    duration: "Duration",
    result: "Result",
    interim: "Interim result, study ongoing ({participants} participants)",
    interimNote: "The study is not finished; the final result may differ.",
  },
  request: "Request the full study",
  order: "Order Now",
  contact: "Contact Us",
}));

/** How an ongoing study's figure is labelled, with its number of participants. */
export function interimResultLabel(participants: number): string {
  return fillMarkers(caseStudiesPage.labels.interim, { participants: String(participants) });
}
