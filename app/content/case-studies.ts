/**
 * The Case Studies page: the studies (titles, summaries and stated results) are content, edited in
 * the admin (schemas/case-studies.ts); what is written here is what a fresh site shows.
 */
import { company } from "~/content/site";
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
}

/** How a study's result is labelled: an ongoing study's figure is interim, and says so beside it. */
export const caseStudyLabels = {
  result: "Result",
  interim: (participants: number) => `Interim result, study ongoing (${participants} participants)`,
  interimNote: "The study is not finished; the final result may differ.",
};

export const caseStudies = defineContent<CaseStudy[]>("case-studies", [
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
