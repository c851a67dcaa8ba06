/**
 * The claims the site makes about the cushion and the company, for the company's regulatory
 * review before launch (docs/requirements.md §2.3: the footer disclaimer and "Engineered to Heal" stay as the
 * company wrote them, and are reviewed). `npm run content:check` lists every claim here whose
 * `reviewed` is false; set it to true once the claim has been reviewed and may stand.
 *
 * Each claim's text is read from where the pages read it, never copied, so the list always shows
 * what the site says.
 */
import { caseStudies } from "./case-studies";
import { clinicalEvidence, hero } from "./home";
import { commitments, company, disclaimer, heroClaims, keyFigures, regulatory, trustSignals } from "./site";

export interface Claim {
  text: string;
  /** Where visitors read it. */
  where: string;
  reviewed: boolean;
}

export const claimsForReview: Claim[] = [
  { text: company.tagline, where: "tagline: home page, footer", reviewed: false },
  { text: hero.headline, where: "home page headline", reviewed: false },
  { text: hero.primaryAction, where: "home page button", reviewed: false },
  ...heroClaims.map((text) => ({ text, where: "home page list under the headline", reviewed: false })),
  { text: regulatory.classification, where: "home page, about page, product page, FAQ", reviewed: false },
  ...regulatory.clearances.map((text) => ({
    text,
    where: "home page, about page, product page, FAQ",
    reviewed: false,
  })),
  { text: clinicalEvidence.heading, where: "home page, clinical evidence", reviewed: false },
  { text: clinicalEvidence.intro, where: "home page, clinical evidence", reviewed: false },
  ...caseStudies.map((study) => ({
    text: `${study.title}: ${study.result} (${study.status.toLowerCase()})`,
    where: "case studies page",
    reviewed: false,
  })),
  {
    text: `${commitments.guaranteeDays}-day satisfaction guarantee`,
    where: "home page, FAQ, paying for SofTech page",
    reviewed: false,
  },
  {
    text: `${commitments.warrantyMonths}-month manufacturer warranty`,
    where: "home page, FAQ, paying for SofTech page",
    reviewed: false,
  },
  ...trustSignals.map((signal) => ({
    text: [signal.title, signal.detail].filter(Boolean).join(": "),
    where: "trust band: home, product and order pages",
    reviewed: false,
  })),
  ...keyFigures.map((figure) => ({
    text: `${figure.value}${figure.unit ? ` ${figure.unit}` : ""}: ${figure.label}`,
    where: "home page, figures",
    reviewed: false,
  })),
  { text: disclaimer, where: "footer of every page", reviewed: false },
];
