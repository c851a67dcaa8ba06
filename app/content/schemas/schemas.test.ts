import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { caseStudies, caseStudiesPage, interimResultLabel } from "../case-studies";
import { aboutCallSentence, aboutHeadings, aboutPage } from "../about";
import { aboutHeadingsSchema, aboutSchema } from "./about";
import { statementDateSchema } from "./accessibility";
import { caseStudiesPageSchema, caseStudiesSchema } from "./case-studies";
import { comparisonSchema } from "./comparison";
import { faqPageSchema } from "./faq";
import { clinicalEvidenceSchema, heroSchema, homeHeadingsSchema, technologySchema } from "./home";
import { payingQuestionsSchema, payingSchema } from "./paying";
import { clinicalEvidence, hero, homeHeadings, showcaseOrderButton, technologyCards } from "../home";
import { comparisonRows } from "../comparison";
import { faqCallButton, faqCallSentence, faqPage } from "../faq";
import { knownBillingCode, payingPage, payingQuestions } from "../paying";
import { activationModels, productCallSentence, productHeadings, productIntro, specifications } from "../product";
import { activationModelsSchema, productHeadingsSchema, productIntroSchema, specificationsSchema } from "./product";
import { dataRequestTimeSchema, policyDateSchema } from "./privacy";
import { moderationTimeSchema } from "./review-policy";
import { statementDate } from "../accessibility";
import { dataRequestTime, policyDate } from "../privacy";
import { moderationTime } from "../review-policy";

/** A copy of an item's value as it is now, to change one thing in. */
const copyOf = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** The messages a schema gives for `value`, by the dotted name of the field. */
function refusals(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));
}

describe("what an editor may publish", () => {
  it("case studies: a whole number of participants, a title, a known status, each study its own name", () => {
    const studies = copyOf(caseStudies);
    studies[0]!.participants = 12.5;
    studies[1]!.title = "  ";
    (studies[2] as { status: string }).status = "Paused";
    expect(refusals(caseStudiesSchema, studies)).toMatchObject({
      "0.participants": "Enter a whole number",
      "1.title": "Required",
      "2.status": expect.any(String),
    });
    const twins = copyOf(caseStudies);
    twins[1]!.id = twins[0]!.id;
    expect(refusals(caseStudiesSchema, twins)).toEqual({ "": "Each study needs its own short name" });
    expect(refusals(caseStudiesSchema, [])).toEqual({ "": "At least one study" });
  });

  it("case studies page: as it is, and an ongoing study's label says how many took part", () => {
    expect(refusals(caseStudiesPageSchema, caseStudiesPage)).toEqual({});
    expect(interimResultLabel(125)).toBe("Interim result, study ongoing (125 participants)");

    const page = copyOf(caseStudiesPage);
    page.intro = "";
    page.request = "x".repeat(41);
    page.labels.interim = "Interim result, study ongoing";
    expect(refusals(caseStudiesPageSchema, page)).toEqual({
      intro: "Required",
      request: "At most 40 characters",
      "labels.interim": "Write {participants} for the number of participants",
    });
    page.labels.interim = "Interim result from {participants} of {total} participants";
    expect(refusals(caseStudiesPageSchema, page)).toHaveProperty(
      ["labels.interim"],
      "Only {participants} is filled in here",
    );
  });

  it("comparison: each row a feature of its own, always yes for SofTech and no for a static cushion", () => {
    const rows = copyOf(comparisonRows);
    rows[0]!.feature = "";
    rows[1]!.feature = rows[2]!.feature.toUpperCase();
    (rows[3] as { static: boolean }).static = true;
    expect(refusals(comparisonSchema, rows)).toMatchObject({ "0.feature": "Required", "3.static": expect.any(String) });
    rows[0]!.feature = "A feature";
    (rows[3] as { static: boolean }).static = false;
    expect(refusals(comparisonSchema, rows)).toEqual({ "": "Each row needs its own feature" });
  });

  it("product page: an introduction with a first paragraph, tiles short enough for a tile, each model once", () => {
    expect(refusals(productIntroSchema, { ...copyOf(productIntro), body: [] })).toEqual({
      body: "At least one paragraph",
    });
    const tiles = copyOf(specifications);
    tiles[0]!.value = "x".repeat(41);
    expect(refusals(specificationsSchema, tiles)).toEqual({ "0.value": "At most 40 characters" });
    const models = copyOf(activationModels);
    models[1]!.id = models[0]!.id;
    expect(refusals(activationModelsSchema, models)).toEqual({ "": "Each model is described once" });
    (models[1] as { id: string }).id = "voice";
    expect(refusals(activationModelsSchema, models)).toHaveProperty(["1.id"]);
  });

  it("product page's headings: as they are, and the closing call writes the reply time where it goes", () => {
    expect(refusals(productHeadingsSchema, productHeadings)).toEqual({});
    expect(productCallSentence().join("")).toBe(
      "Send a request and we will be in touch: typical response within 1 business day.",
    );

    const headings = copyOf(productHeadings);
    headings.specifications.title = " ";
    headings.comparison.aspect = "x".repeat(41);
    headings.cta.body = "Send a request: typical response {time}, often {sooner}.";
    expect(refusals(productHeadingsSchema, headings)).toEqual({
      "specifications.title": "Required",
      "comparison.aspect": "At most 40 characters",
      "cta.body": "Only {time} is filled in here",
    });
  });

  it("about page: an introduction, a story and a history whose moments each have their own title", () => {
    const about = copyOf(aboutPage);
    about.intro = "";
    about.story = [];
    about.history[1]!.title = about.history[0]!.title;
    about.history[0]!.when = "x".repeat(21);
    expect(refusals(aboutSchema, about)).toEqual({
      intro: "Required",
      story: "At least one paragraph",
      history: "Each moment needs its own title",
      "history.0.when": "At most 20 characters",
    });
  });

  it("about page's headings: as they are, and the closing call writes the opening hours where they go", () => {
    expect(refusals(aboutHeadingsSchema, aboutHeadings)).toEqual({});
    expect(aboutCallSentence().join("")).toBe(
      "Request a custom SofTech cushion, or ask us anything first. We answer by phone Monday–Friday, 9 a.m.–5 p.m. Eastern Time.",
    );

    const headings = copyOf(aboutHeadings);
    headings.story.title = "";
    headings.owners.readBio = "x".repeat(31);
    headings.cta.body = "Ask us anything first. We answer by phone on weekdays.";
    expect(refusals(aboutHeadingsSchema, headings)).toEqual({
      "story.title": "Required",
      "owners.readBio": "At most 30 characters",
      "cta.body": "Write {hours} for the opening hours",
    });
  });

  it("paying page: as it is, and the billing code's sentence says where the code goes", () => {
    expect(refusals(payingSchema, payingPage)).toEqual({});
    expect(refusals(payingQuestionsSchema, payingQuestions)).toEqual({});
    expect(knownBillingCode("E0000")).toBe("The SofTech billing code is E0000.");

    const page = copyOf(payingPage);
    page.billingCode.known = "The SofTech billing code is below.";
    page.description = "x".repeat(301);
    page.steps.items[1]!.title = page.steps.items[0]!.title;
    page.papers.items = [];
    page.included.title = " ";
    expect(refusals(payingSchema, page)).toEqual({
      "billingCode.known": "Write {code} where the code goes",
      description: "At most 300 characters",
      "steps.items": "Each step needs its own title",
      "papers.items": "At least one paper",
      "included.title": "Required",
    });
  });

  it("paying page's questions: each list its own short name, starting with ask-, and a question in it", () => {
    const questions = copyOf(payingQuestions);
    questions.lists[0]!.id = "papers";
    questions.lists[1]!.questions = [];
    questions.lists[2]!.questions[0] = "";
    expect(refusals(payingQuestionsSchema, questions)).toEqual({
      "lists.0.id": "Start with ask-, for example ask-insurer",
      "lists.1.questions": "At least one question",
      "lists.2.questions.0": "Required",
    });
    const twins = copyOf(payingQuestions);
    twins.lists[1]!.id = twins.lists[0]!.id;
    expect(refusals(payingQuestionsSchema, twins)).toEqual({ lists: "Each list needs its own short name" });
  });

  it("home page: a headline, links only to this site or https, and words that fit their drawing", () => {
    expect(refusals(heroSchema, { ...hero, headline: " " })).toEqual({ headline: "Required" });

    const evidence = copyOf(clinicalEvidence);
    evidence.link!.href = "javascript:alert(1)";
    expect(refusals(clinicalEvidenceSchema, evidence)).toEqual({
      "link.href": "Enter a path on this site (starting with /) or an address starting with https://",
    });
    expect(refusals(clinicalEvidenceSchema, { ...evidence, link: undefined })).toEqual({});

    const cards = copyOf(technologyCards);
    const battery = cards.findIndex((card) => card.picture.drawing === "battery");
    const controllers = cards.findIndex((card) => card.picture.drawing === "two-controllers");
    (cards[battery]!.picture.words as string[]) = ["24–30 hours of use"];
    (cards[controllers]!.picture.words as string[]) = ["Auto-Start"];
    expect(refusals(technologySchema, cards)).toEqual({
      [`${battery}.picture.words.0`]: "At most 12 characters in this drawing",
      [`${controllers}.picture.words`]: "This drawing takes 2 lines of words",
    });
    (cards[battery]!.picture as { drawing: string }).drawing = "a photo";
    expect(refusals(technologySchema, cards)).toHaveProperty([`${battery}.picture.drawing`]);
  });

  it("FAQ page: as it is, and its closing call writes each fact it names, and only those", () => {
    expect(refusals(faqPageSchema, faqPage)).toEqual({});
    expect(faqCallSentence().join("")).toBe(
      "We answer the phone Monday–Friday, 9 a.m.–5 p.m. Eastern Time, and reply to email within 1-2 business days.",
    );
    expect(faqCallButton().join("")).toBe("Call 866-7AQUILA (727-8452)");

    const page = copyOf(faqPage);
    page.eyebrow = "x".repeat(41);
    page.title = " ";
    page.cta.body = "We answer the phone on weekdays, and reply to email within {time}.";
    page.cta.call = "Call {phone} or {fax}";
    expect(refusals(faqPageSchema, page)).toEqual({
      eyebrow: "At most 40 characters",
      title: "Required",
      "cta.body": "Write {hours} for the opening hours",
      "cta.call": "Only {phone} is filled in here",
    });
    page.cta.call = " ";
    expect(refusals(faqPageSchema, page)).toHaveProperty(["cta.call"], "Required");
  });

  it("home page's headings: as they are, a search title that fits, and the model's name in its order button", () => {
    expect(refusals(homeHeadingsSchema, homeHeadings)).toEqual({});
    expect(showcaseOrderButton("Auto-Start")).toEqual(["Order ", "Auto-Start"]);

    const headings = copyOf(homeHeadings);
    headings.search.title = "x".repeat(71);
    headings.technology.title = "";
    headings.showcase.order = "Order now";
    headings.faq.all = "x".repeat(41);
    expect(refusals(homeHeadingsSchema, headings)).toEqual({
      "search.title": "At most 70 characters",
      "technology.title": "Required",
      "showcase.order": "Write {model} for the model's name",
      "faq.all": "At most 40 characters",
    });
  });

  it("policy pages: a date that is a real day of the calendar, and a promised time that is written", () => {
    for (const [schema, item] of [
      [policyDateSchema, policyDate],
      [statementDateSchema, statementDate],
    ] as const) {
      for (const date of ["2026-02-30", "2026-13-01", "23 November 2026", "2026-1-5", ""])
        expect(refusals(schema, { ...item, date })).toEqual({
          date: "Enter a date as year-month-day, for example 2026-12-24",
        });
      expect(refusals(schema, { date: "2028-02-29" })).toEqual({});
    }
    expect(refusals(dataRequestTimeSchema, { ...dataRequestTime, text: "" })).toEqual({ text: "Required" });
    expect(refusals(moderationTimeSchema, { ...moderationTime, text: "x".repeat(41) })).toEqual({
      text: "At most 40 characters",
    });
    // Filled in: the placeholder mark is unticked, and the checklist drops it.
    expect(refusals(moderationTimeSchema, { text: "one business day", placeholder: false })).toEqual({});
  });
});
