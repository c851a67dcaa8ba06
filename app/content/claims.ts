/**
 * The claims the site makes about the cushion and the company, for the company's regulatory
 * review before launch (docs/requirements.md §2.3: the footer disclaimer and "Engineered to Heal" stay as the
 * company wrote them, and are reviewed). An owner marks a wording reviewed in the admin's launch
 * checklist; editing it makes it a new wording, not reviewed (app/content/checklist.server.ts).
 *
 * Each claim's text is read from where the pages read it, never copied, so the list always shows
 * what the site says.
 */
import { caseStudies } from "./case-studies";
import { clinicalEvidence, hero, heroClaims, keyFigures } from "./home";
import { commitments, company, disclaimer, regulatory } from "./site";
import { trustSignals } from "./trust-band";

export interface Claim {
  text: string;
  /** Where visitors read it; with the text, what a review is of. */
  where: string;
  /** The content item an editor changes it in (docs/requirements.md §7.13). */
  item: string;
}

/** Every claim the site makes now, read from the content as published. */
export function claimsForReview(): Claim[] {
  return [
    { text: company.tagline, where: "tagline: home page, footer", item: "company" },
    { text: hero.headline, where: "home page headline", item: "hero" },
    { text: hero.primaryAction, where: "home page button", item: "hero" },
    ...heroClaims().map((text) => ({ text, where: "home page list under the headline", item: "hero-claims" })),
    { text: regulatory.classification, where: "home page, about page, product page, FAQ", item: "regulatory" },
    ...regulatory.clearances.map((text) => ({
      text,
      where: "home page, about page, product page, FAQ",
      item: "regulatory",
    })),
    { text: clinicalEvidence.heading, where: "home page, clinical evidence", item: "clinical-evidence" },
    { text: clinicalEvidence.intro, where: "home page, clinical evidence", item: "clinical-evidence" },
    ...caseStudies.map((study) => ({
      text: `${study.title}: ${study.result} (${study.status.toLowerCase()})`,
      where: "case studies page",
      item: "case-studies",
    })),
    {
      text: `${commitments.guaranteeDays}-day satisfaction guarantee`,
      where: "home page, FAQ, paying for SofTech page",
      item: "commitments",
    },
    {
      text: `${commitments.warrantyMonths}-month manufacturer warranty`,
      where: "home page, FAQ, paying for SofTech page",
      item: "commitments",
    },
    ...trustSignals().map((signal) => ({
      text: [signal.title, signal.detail].filter(Boolean).join(": "),
      where: "trust band: home, product and order pages",
      item: "trust-band",
    })),
    ...keyFigures().map((figure) => ({
      text: `${figure.value}${figure.unit ? ` ${figure.unit}` : ""}: ${figure.label}`,
      where: "home page, figures",
      item: "key-figures",
    })),
    { text: disclaimer.text, where: "footer of every page", item: "disclaimer" },
  ];
}
