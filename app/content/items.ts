/**
 * Every content item an editor can change, with the schema its form and the server both check
 * (docs/decisions/033-content-in-the-database.md). An item's initial value is the one its module in
 * app/content declares with `defineContent`; its schema describes that value field by field, with
 * the labels the admin's form shows (`meta`).
 *
 * Imports zod: read by the admin and the server, never by a public page.
 */
import { z } from "zod";
import { markdownText } from "~/lib/markdown-text";
import { calendarDate, line, link, paragraph, photoField, placeholderFields, whole } from "./schemas/fields";
import { aboutHeadings, aboutPage } from "./about";
import { accessibilityStatement, statementDate } from "./accessibility";
import { caseStudies, caseStudiesPage } from "./case-studies";
import { comparisonRows } from "./comparison";
import { contactPage } from "./contact";
import { faqItems, faqTeaserIds } from "./faq";
import { faqPage } from "./faq-page";
import { errorPages } from "./error-pages";
import {
  alternation,
  clinicalEvidence,
  finalCallToAction,
  hero,
  homeHeadings,
  heroClaimList,
  keyFigureList,
  lifeStories,
  technologyCards,
} from "./home";
import { footerWords, menuNames } from "./navigation";
import { orderPage, orderSteps } from "./order";
import { manualsContent } from "./manuals";
import { owners } from "./owners";
import { payingPage, payingQuestions } from "./paying";
import { dataRequestTime, policyDate, privacyWording } from "./privacy";
import {
  activationModels,
  clinicalBenefits,
  howItWorks,
  productHeadings,
  specifications,
  traditionalVsSoftech,
} from "./product";
import { productIntro } from "./product-intro";
import { aboutHeadingsSchema, aboutSchema } from "./schemas/about";
import { accessibilitySchema, statementDateSchema } from "./schemas/accessibility";
import { caseStudiesPageSchema, caseStudiesSchema } from "./schemas/case-studies";
import { comparisonSchema } from "./schemas/comparison";
import { contactSchema } from "./schemas/contact";
import { faqPageSchema } from "./schemas/faq";
import { manualsSchema } from "./schemas/manuals";
import {
  alternationSchema,
  clinicalEvidenceSchema,
  finalCallToActionSchema,
  heroClaimsSchema,
  heroSchema,
  homeHeadingsSchema,
  keyFiguresSchema,
  lifeStoriesSchema,
  technologySchema,
} from "./schemas/home";
import {
  activationModelsSchema,
  clinicalBenefitsSchema,
  howItWorksSchema,
  productHeadingsSchema,
  productIntroSchema,
  specificationsSchema,
  traditionalVsSoftechSchema,
} from "./schemas/product";
import { payingQuestionsSchema, payingSchema } from "./schemas/paying";
import { dataRequestTimeSchema, policyDateSchema, privacyWordingSchema } from "./schemas/privacy";
import { orderPageSchema, orderStepsSchema } from "./schemas/order";
import { errorPagesSchema } from "./schemas/error-pages";
import { footerWordsSchema, menuNamesSchema } from "./schemas/navigation";
import { moderationTimeSchema, reviewPolicySchema } from "./schemas/review-policy";
import { moderationTime, reviewPolicy } from "./review-policy";
import { disclaimerSchema, regulatorySchema } from "./schemas/site";
import { reviewGuidanceSchema, testimonialsPageSchema } from "./schemas/testimonials";
import { trustBandSchema } from "./schemas/trust-band";
import { commitments, company, coverage, credit, disclaimer, regulatory } from "./site";
import { reviewGuidance, testimonialsPage } from "./testimonials";
import { trustBand } from "./trust-band";

// The field types, for code that builds a schema beside these.
export { calendarDate, line, link, paragraph, whole } from "./schemas/fields";

// ——— The items ———

const phone = z
  .object({
    display: line("Phone, as shown", 40, "As visitors read it, for example 866-7AQUILA (727-8452)."),
    dial: z
      .string()
      .trim()
      .regex(
        /^\+[1-9]\d{7,14}$/,
        "Enter the number to dial as + and the country code and number, for example +18667278452",
      )
      .meta({ title: "Phone, to dial", description: "Used for the call links: + then digits only." }),
  })
  .meta({ title: "Phone" });

const companySchema = z
  .object({
    name: line("Company name", 60),
    productName: line("Product name", 60),
    productFullName: line("Product's full name", 120),
    tagline: line("Tagline", 120),
    founded: whole("Year founded", 1800, 2100),
    usersWorldwide: line("Users worldwide, as stated", 20),
    newOwnership: whole("Year of the new ownership", 1800, 2100),
    phone,
    hours: z
      .object({
        short: line("Opening hours, short", 60),
        long: line("Opening hours, in full", 120),
      })
      .meta({ title: "Opening hours, as written" }),
    businessHours: z
      .object({
        timeZone: z
          .enum(["America/New_York", "America/Chicago", "America/Denver", "America/Phoenix", "America/Los_Angeles"])
          .meta({ title: "Time zone of the office" }),
        openDays: z
          .array(whole("Open weekday (0 is Sunday, 6 is Saturday)", 0, 6))
          .min(1, "At least one open day")
          .max(7, "At most seven open days")
          .meta({ title: "Open weekdays" }),
        opens: whole("Opens at (hour, 0–23)", 0, 23),
        closes: whole("Closes at (hour, 1–24)", 1, 24),
        closedDays: z
          .array(calendarDate("Closed day"))
          .max(60, "At most 60 closed days")
          .meta({ title: "Days the office is closed", description: "Beyond the US federal holidays." }),
      })
      .refine((hours) => hours.opens < hours.closes, {
        message: "The office must open before it closes",
        path: ["closes"],
      })
      .meta({ title: "Business hours (for reply promises)" }),
    emailResponse: line("Reply time for email", 60),
    productResponse: line("Reply time for product questions", 60),
    consultationWithin: line("Consultation call within", 60),
  })
  .meta({ title: "Company facts" });

const commitmentsSchema = z
  .object({
    guaranteeDays: whole("Satisfaction guarantee (days)", 0, 365),
    warrantyMonths: whole("Warranty (months)", 0, 120),
    shipping: z
      .object({
        ground: line("Ground shipping", 200),
        expedited: line("Expedited shipping", 200),
        abroad: line("Shipping abroad", 200),
      })
      .meta({ title: "Shipping" }),
    reconfiguration: line("Reconfiguration", 200),
  })
  .meta({ title: "Guarantee, warranty and shipping" });

const coverageSchema = z
  .object({
    equipmentClass: line("Class of equipment", 120),
    billingCode: z
      .object({
        code: z.string().trim().max(20, "At most 20 characters").nullable().meta({
          title: "Billing code",
          description: "Leave empty until the code is known; /paying then says how to ask.",
        }),
        ...placeholderFields,
      })
      .meta({ title: "Insurance billing code" }),
  })
  .meta({ title: "Insurance coverage" });

const creditSchema = z
  .object({
    label: line("Credit text", 120),
    href: link("Credit link"),
    ...placeholderFields,
  })
  .meta({ title: "Website credit" });

const faqSchema = z
  .array(
    z
      .object({
        id: z
          .string()
          .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use lower-case letters, digits and hyphens, for example how-to-order")
          .max(80)
          .meta({ title: "Anchor", description: "The question's address on the FAQ page; keep it once published." }),
        question: line("Question", 200),
        answer: paragraph("Answer", 2_000),
      })
      .meta({ title: "Question" }),
  )
  .min(1, "At least one question")
  .max(60, "At most 60 questions")
  .refine((items) => new Set(items.map((item) => item.id)).size === items.length, "Each question needs its own anchor")
  .meta({ title: "Frequently asked questions" });

const faqHomeSchema = z
  .array(line("Anchor of a question", 80))
  .min(1, "At least one question")
  .max(6, "At most six questions")
  .meta({ title: "Questions on the home page", description: "The anchors of the questions shown on the home page." });

const ownersSchema = z
  .array(
    z
      .object({
        id: z
          .string()
          .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use lower-case letters, digits and hyphens")
          .max(60)
          .meta({ title: "Short name for the page's address" }),
        name: line("Name", 100),
        role: line("Role", 100),
        bio: markdownText({ max: 4_000, label: "Biography" }).meta({
          title: "Biography",
          description: "A blank line starts a new paragraph.",
          markdown: true,
        }),
        initials: z
          .string()
          .trim()
          .regex(/^\p{Lu}{1,3}$/u, "One to three capital letters")
          .meta({ title: "Initials", description: "Shown in the circle when there is no photo." }),
        photo: photoField("Photo", "Optional: a portrait, shown in a circle. Upload it under Files first."),
        ...placeholderFields,
      })
      .meta({ title: "Owner" }),
  )
  .max(12, "At most twelve owners")
  .meta({ title: "Owners" });

export interface ContentItemDefinition {
  key: string;
  title: string;
  /** Where it shows, for the list and the preview's first page. */
  pages: readonly string[];
  /**
   * Where the admin lists it: with the company's facts, with the header, footer and error pages
   * (on every page, or on none of the site's own), or under the first of its pages.
   */
  group: "Company" | "Frame" | "Pages";
  schema: z.ZodType;
  /** The value pages read (the module's export), for tests that compare it with the initial value. */
  live: object;
}

export const contentItems: readonly ContentItemDefinition[] = [
  {
    key: "company",
    title: "Company facts",
    group: "Company",
    pages: ["/", "/contact", "/about"],
    schema: companySchema,
    live: company,
  },
  {
    key: "commitments",
    title: "Guarantee, warranty and shipping",
    group: "Company",
    pages: ["/paying", "/faq", "/"],
    schema: commitmentsSchema,
    live: commitments,
  },
  {
    key: "coverage",
    title: "Insurance coverage",
    group: "Company",
    pages: ["/paying"],
    schema: coverageSchema,
    live: coverage,
  },
  {
    key: "regulatory",
    title: "Regulatory status",
    group: "Company",
    pages: ["/product", "/", "/order"],
    schema: regulatorySchema,
    live: regulatory,
  },
  {
    key: "disclaimer",
    title: "Disclaimer in the footer",
    group: "Company",
    pages: ["/"],
    schema: disclaimerSchema,
    live: disclaimer,
  },
  { key: "credit", title: "Website credit", group: "Company", pages: ["/about"], schema: creditSchema, live: credit },
  {
    key: "navigation",
    title: "Header menu",
    group: "Frame",
    pages: ["/"],
    schema: menuNamesSchema,
    live: menuNames,
  },
  {
    key: "footer",
    title: "Footer",
    group: "Frame",
    pages: ["/"],
    schema: footerWordsSchema,
    live: footerWords,
  },
  {
    key: "error-pages",
    title: "Page not found and error page",
    group: "Frame",
    // An address the site does not have: the preview shows the page-not-found page.
    pages: ["/page-not-found"],
    schema: errorPagesSchema,
    live: errorPages,
  },
  {
    key: "hero",
    title: "Home page: headline",
    group: "Pages",
    pages: ["/"],
    schema: heroSchema,
    live: hero,
  },
  {
    key: "hero-claims",
    title: "Home page: claims under the headline",
    group: "Pages",
    pages: ["/"],
    schema: heroClaimsSchema,
    live: heroClaimList,
  },
  {
    key: "trust-band",
    title: "Trust band",
    group: "Pages",
    pages: ["/", "/product", "/order"],
    schema: trustBandSchema,
    live: trustBand,
  },
  {
    key: "alternation",
    title: "Home page: how the cells alternate",
    group: "Pages",
    pages: ["/"],
    schema: alternationSchema,
    live: alternation,
  },
  {
    key: "key-figures",
    title: "Home page: in numbers",
    group: "Pages",
    pages: ["/"],
    schema: keyFiguresSchema,
    live: keyFigureList,
  },
  {
    key: "life-stories",
    title: "Home page: made for real days",
    group: "Pages",
    pages: ["/"],
    schema: lifeStoriesSchema,
    live: lifeStories,
  },
  {
    key: "comparison",
    title: "Home page: dynamic vs static cushions",
    group: "Pages",
    pages: ["/"],
    schema: comparisonSchema,
    live: comparisonRows,
  },
  {
    key: "technology",
    title: "Home page: the technology inside",
    group: "Pages",
    pages: ["/"],
    schema: technologySchema,
    live: technologyCards,
  },
  {
    key: "clinical-evidence",
    title: "Home page: clinical evidence",
    group: "Pages",
    pages: ["/"],
    schema: clinicalEvidenceSchema,
    live: clinicalEvidence,
  },
  {
    key: "faq-home",
    title: "Questions on the home page",
    group: "Pages",
    pages: ["/"],
    schema: faqHomeSchema,
    live: faqTeaserIds,
  },
  {
    key: "final-call",
    title: "Home page: closing call to action",
    group: "Pages",
    pages: ["/"],
    schema: finalCallToActionSchema,
    live: finalCallToAction,
  },
  {
    key: "home-headings",
    title: "Home page: section headings",
    group: "Pages",
    pages: ["/"],
    schema: homeHeadingsSchema,
    live: homeHeadings,
  },
  { key: "about", title: "About page", group: "Pages", pages: ["/about"], schema: aboutSchema, live: aboutPage },
  {
    key: "about-headings",
    title: "About page: section headings",
    group: "Pages",
    pages: ["/about"],
    schema: aboutHeadingsSchema,
    live: aboutHeadings,
  },
  { key: "owners", title: "Owners", group: "Pages", pages: ["/about"], schema: ownersSchema, live: owners },
  {
    key: "product-intro",
    title: "Product page: introduction",
    group: "Pages",
    pages: ["/product", "/testimonials"],
    schema: productIntroSchema,
    live: productIntro,
  },
  {
    key: "product-benefits",
    title: "Product page: clinical benefits",
    group: "Pages",
    pages: ["/product"],
    schema: clinicalBenefitsSchema,
    live: clinicalBenefits,
  },
  {
    key: "product-comparison",
    title: "Product page: traditional cushions vs SofTech",
    group: "Pages",
    pages: ["/product"],
    schema: traditionalVsSoftechSchema,
    live: traditionalVsSoftech,
  },
  {
    key: "product-models",
    title: "Product page: the two models",
    group: "Pages",
    pages: ["/product"],
    schema: activationModelsSchema,
    live: activationModels,
  },
  {
    key: "product-specifications",
    title: "Product page: specifications",
    group: "Pages",
    pages: ["/product"],
    schema: specificationsSchema,
    live: specifications,
  },
  {
    key: "product-steps",
    title: "Product page: how it works",
    group: "Pages",
    pages: ["/product"],
    schema: howItWorksSchema,
    live: howItWorks,
  },
  {
    key: "product-headings",
    title: "Product page: section headings",
    group: "Pages",
    pages: ["/product"],
    schema: productHeadingsSchema,
    live: productHeadings,
  },
  {
    key: "paying",
    title: "Paying page",
    group: "Pages",
    pages: ["/paying"],
    schema: payingSchema,
    live: payingPage,
  },
  {
    key: "paying-questions",
    title: "Paying page: questions to ask",
    group: "Pages",
    pages: ["/paying"],
    schema: payingQuestionsSchema,
    live: payingQuestions,
  },
  {
    key: "order",
    title: "Order page",
    group: "Pages",
    pages: ["/order"],
    schema: orderPageSchema,
    live: orderPage,
  },
  {
    key: "order-steps",
    title: "Order page: steps",
    group: "Pages",
    pages: ["/order"],
    schema: orderStepsSchema,
    live: orderSteps,
  },
  {
    key: "case-studies",
    title: "Case studies",
    group: "Pages",
    pages: ["/case-studies"],
    schema: caseStudiesSchema,
    live: caseStudies,
  },
  {
    key: "case-studies-headings",
    title: "Case studies page: heading and labels",
    group: "Pages",
    pages: ["/case-studies"],
    schema: caseStudiesPageSchema,
    live: caseStudiesPage,
  },
  {
    key: "manuals",
    title: "User guides",
    group: "Pages",
    // The list, then each initial guide's own page (a preview can show any of them).
    pages: [
      "/user-manuals",
      "/user-manuals/manual-switch-booklet",
      "/user-manuals/manual-switch-single-page",
      "/user-manuals/auto-start-booklet",
      "/user-manuals/auto-start-single-page",
    ],
    schema: manualsSchema,
    live: manualsContent,
  },
  {
    key: "faq",
    title: "Frequently asked questions",
    group: "Pages",
    pages: ["/faq", "/"],
    schema: faqSchema,
    live: faqItems,
  },
  {
    key: "privacy",
    title: "Privacy policy",
    group: "Pages",
    pages: ["/privacy"],
    schema: privacyWordingSchema,
    live: privacyWording,
  },
  {
    key: "contact",
    title: "Contact page",
    group: "Pages",
    pages: ["/contact"],
    schema: contactSchema,
    live: contactPage,
  },
  {
    key: "faq-headings",
    title: "FAQ page: heading and closing call",
    group: "Pages",
    pages: ["/faq"],
    schema: faqPageSchema,
    live: faqPage,
  },
  {
    key: "privacy-date",
    title: "Privacy policy: date",
    group: "Pages",
    pages: ["/privacy"],
    schema: policyDateSchema,
    live: policyDate,
  },
  {
    key: "privacy-request-time",
    title: "Privacy policy: time to complete a data request",
    group: "Pages",
    pages: ["/privacy"],
    schema: dataRequestTimeSchema,
    live: dataRequestTime,
  },
  {
    key: "accessibility",
    title: "Accessibility statement",
    group: "Pages",
    pages: ["/accessibility"],
    schema: accessibilitySchema,
    live: accessibilityStatement,
  },
  {
    key: "accessibility-date",
    title: "Accessibility statement: date",
    group: "Pages",
    pages: ["/accessibility"],
    schema: statementDateSchema,
    live: statementDate,
  },
  {
    key: "testimonials",
    title: "Testimonials page",
    group: "Pages",
    pages: ["/testimonials"],
    schema: testimonialsPageSchema,
    live: testimonialsPage,
  },
  {
    key: "review-guidance",
    title: "Testimonials page: boxes beside the review form",
    group: "Pages",
    pages: ["/testimonials"],
    schema: reviewGuidanceSchema,
    live: reviewGuidance,
  },
  {
    key: "review-policy",
    title: "Review policy",
    group: "Pages",
    pages: ["/review-policy"],
    schema: reviewPolicySchema,
    live: reviewPolicy,
  },
  {
    key: "moderation-time",
    title: "Review policy: time to decide on a review",
    group: "Pages",
    pages: ["/review-policy"],
    schema: moderationTimeSchema,
    live: moderationTime,
  },
];

export function contentItem(key: string): ContentItemDefinition | undefined {
  return contentItems.find((item) => item.key === key);
}
