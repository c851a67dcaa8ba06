import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { line, link, paragraph } from "./fields";
import { caseStudies, caseStudiesPage, interimResultLabel } from "../case-studies";
import { aboutCallSentence, aboutHeadings, aboutPage } from "../about";
import { aboutHeadingsSchema, aboutSchema } from "./about";
import { accessibilitySchema, statementDateSchema } from "./accessibility";
import { caseStudiesPageSchema, caseStudiesSchema } from "./case-studies";
import { comparisonSchema } from "./comparison";
import { contactSchema } from "./contact";
import { contactPage } from "../contact";
import { faqPageSchema } from "./faq";
import {
  clinicalEvidenceSchema,
  heroClaimsSchema,
  heroSchema,
  homeHeadingsSchema,
  keyFiguresSchema,
  technologySchema,
} from "./home";
import { payingQuestionsSchema, payingSchema } from "./paying";
import {
  clinicalEvidence,
  hero,
  heroClaimList,
  homeHeadings,
  keyFigureList,
  showcaseOrderButton,
  technologyCards,
} from "../home";
import { comparisonRows } from "../comparison";
import { faqCallButton, faqCallSentence, faqPage } from "../faq-page";
import { knownBillingCode, payingPage, payingQuestions } from "../paying";
import { orderPage, orderSteps } from "../order";
import { orderPageSchema, orderStepsSchema } from "./order";
import { activationModels, productCallSentence, productHeadings, specifications } from "../product";
import { productIntro } from "../product-intro";
import { activationModelsSchema, productHeadingsSchema, productIntroSchema, specificationsSchema } from "./product";
import { dataRequestTimeSchema, policyDateSchema, privacyWordingSchema } from "./privacy";
import { dataRequestTime, policyDate, privacyWording } from "../privacy";
import { moderationTimeSchema, reviewPolicySchema } from "./review-policy";
import { accessibilityStatement, statementDate } from "../accessibility";
import { markdownBlocks } from "~/lib/markdown.server";
import { moderationTime, reviewPolicy } from "../review-policy";
import { disclaimerSchema, regulatorySchema } from "./site";
import { disclaimer, regulatory } from "../site";
import { trustBandSchema } from "./trust-band";
import { trustBand } from "../trust-band";
import { reviewGuidanceSchema, testimonialsPageSchema } from "./testimonials";
import { reviewGuidance, testimonialsPage } from "../testimonials";
import { footerWordsSchema, menuNamesSchema } from "./navigation";
import { footerWords, menuNames } from "../navigation";
import { errorPagesSchema } from "./error-pages";
import { errorPages } from "../error-pages";

/** Every name a text may quote, as a refusal lists them. */
const facts =
  "{emailResponse}, {hours}, {phone}, {productResponse}, {consultationWithin}, {companyName}, {founded}, {usersWorldwide}, {guaranteeDays}, {warrantyMonths}, {classification}";

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
    headings.cta.body = "Send a request: typical response {productResponse}, often {sooner}.";
    expect(refusals(productHeadingsSchema, headings)).toEqual({
      "specifications.title": "Required",
      "comparison.aspect": "At most 40 characters",
      "cta.body": "Only {productResponse} is filled in here",
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

  it("home page's claims: short, each once, quoting only facts there are", () => {
    expect(refusals(heroClaimsSchema, heroClaimList)).toEqual({});
    const claims = copyOf(heroClaimList);
    claims[0] = "x".repeat(41);
    claims[1] = "{users} users worldwide";
    claims[2] = claims[3]!.toUpperCase();
    expect(refusals(heroClaimsSchema, claims)).toEqual({
      "0": "At most 40 characters",
      "1": `{users} is no company fact: write one of ${facts}`,
      "": "Each claim once",
    });
    expect(refusals(heroClaimsSchema, [])).toEqual({ "": "At least one claim" });
    expect(
      refusals(
        heroClaimsSchema,
        Array.from({ length: 11 }, (_, index) => `Claim ${index}`),
      ),
    ).toEqual({
      "": "At most ten claims",
    });
  });

  it("home page's figures: each its own short name, a figure short enough to set large, a unit or none", () => {
    expect(refusals(keyFiguresSchema, keyFigureList)).toEqual({});
    const figures = copyOf(keyFigureList);
    figures[0]!.value = "x".repeat(21);
    figures[1]!.id = figures[2]!.id;
    figures[2]!.label = "Warranty of {warranty} months";
    figures[3]!.unit = "x".repeat(21);
    expect(refusals(keyFiguresSchema, figures)).toEqual({
      "0.value": "At most 20 characters",
      "2.label": `{warranty} is no company fact: write one of ${facts}`,
      "3.unit": "At most 20 characters",
      "": "Each figure needs its own short name",
    });
    // A figure without a unit, and one that is only the fact it shows.
    const plain = copyOf(keyFigureList);
    delete plain[0]!.unit;
    plain[1]!.value = "{usersWorldwide}";
    expect(refusals(keyFiguresSchema, plain)).toEqual({});
  });

  it("trust band: a drawing it has, facts it knows, each entry its own short name", () => {
    expect(refusals(trustBandSchema, trustBand)).toEqual({});
    const entries = copyOf(trustBand);
    (entries[0] as { mark: string }).mark = "logo";
    entries[1]!.title = "{warrantyMonths}-month warranty, code {billingCode}";
    entries[3]!.detail = "x".repeat(61);
    expect(refusals(trustBandSchema, entries)).toEqual({
      "0.mark": expect.any(String),
      "1.title": `{billingCode} is no company fact: write one of ${facts}`,
      "3.detail": "At most 60 characters",
    });
    const twins = copyOf(trustBand);
    twins[5]!.id = twins[4]!.id;
    expect(refusals(trustBandSchema, twins)).toEqual({ "": "Each entry needs its own short name" });
    expect(refusals(trustBandSchema, [])).toEqual({ "": "At least one entry" });
  });

  it("trust band: a second line that quotes the billing code comes with one for while there is none", () => {
    const insurance = () => {
      const entries = copyOf(trustBand);
      return { entries, entry: entries.find((entry) => entry.id === "insurance")! };
    };
    let { entries, entry } = insurance();
    delete entry.detailWithoutCode;
    expect(refusals(trustBandSchema, entries)).toEqual({
      "2.detailWithoutCode":
        "Write what this line says while there is no billing code: the second line quotes {billingCode}",
    });
    ({ entries, entry } = insurance());
    entry.detail = "Coded for insurance";
    expect(refusals(trustBandSchema, entries)).toEqual({
      "2.detailWithoutCode": "Leave this empty: it is only for a second line that quotes {billingCode}",
    });
    ({ entries, entry } = insurance());
    entry.detailWithoutCode = "Code {billingCode} soon";
    expect(refusals(trustBandSchema, entries)).toEqual({
      "2.detailWithoutCode": `{billingCode} is no company fact: write one of ${facts}`,
    });
    // Reworded around the code, and the code's line without one: the editor's to write.
    ({ entries, entry } = insurance());
    entry.detail = "{billingCode}, for your dealer";
    entry.detailWithoutCode = "Call us for the code";
    expect(refusals(trustBandSchema, entries)).toEqual({});
  });

  it("contact page: the badges and the response time keep the fact they state, and quote only real ones", () => {
    const contact = copyOf(contactPage);
    contact.title = " ";
    contact.badges.email = "Email response in 1-2 business days";
    contact.badges.phone = "Phone support {hours}, fax {fax}";
    contact.responseTime = "We reply within {emailresponse}.";
    contact.send = "x".repeat(31);
    expect(refusals(contactSchema, contact)).toEqual({
      title: "Required",
      "badges.email": "Keep {emailResponse}: the page writes the reply time for email there",
      "badges.phone": `{fax} is no company fact: write one of ${facts}`,
      responseTime: "Keep {emailResponse}: the page writes the reply time for email there",
      send: "At most 30 characters",
    });
    // The response time is refused on both counts (the form lists both; `refusals` keeps the last).
    expect(
      contactSchema.safeParse(contact).error?.issues.filter((issue) => issue.path[0] === "responseTime"),
    ).toHaveLength(2);
    // Reworded around its fact, a badge is the editor's to write.
    const reworded = copyOf(contactPage);
    reworded.badges.email = "We answer email within {emailResponse}";
    expect(refusals(contactSchema, reworded)).toEqual({});
  });

  it("order page: steps each with their own title, quoting a company fact only by a name it has", () => {
    const steps = copyOf(orderSteps);
    steps[3]!.title = steps[0]!.title;
    expect(refusals(orderStepsSchema, steps)).toEqual({ "": "Each step needs its own title" });
    expect(refusals(orderStepsSchema, [])).toEqual({ "": "At least one step" });
    const promised = copyOf(orderSteps);
    promised[1]!.body = "We call you within {consultation}.";
    expect(refusals(orderStepsSchema, promised)).toEqual({
      "1.body": `{consultation} is no company fact: write one of ${facts}`,
    });
    // A step need not quote a fact: free wording keeps what is typed.
    promised[1]!.body = "We call you the next working day.";
    expect(refusals(orderStepsSchema, promised)).toEqual({});
  });

  it("testimonials page: as it is, each word given, on one line where it is a line, short enough to fit", () => {
    expect(refusals(testimonialsPageSchema, testimonialsPage)).toEqual({});
    const page = copyOf(testimonialsPage);
    page.title = " ";
    page.filtersLabel = "Filter\nreviews";
    page.pages.older = "x".repeat(41);
    page.notice.body = "x".repeat(601);
    page.share.formTitle = "";
    expect(refusals(testimonialsPageSchema, page)).toEqual({
      title: "Required",
      filtersLabel: "Write it on one line, without invisible control characters",
      "pages.older": "At most 40 characters",
      "notice.body": "At most 600 characters",
      "share.formTitle": "Required",
    });
  });

  it("testimonials page's boxes: each its own heading, each with a point, each point once", () => {
    expect(refusals(reviewGuidanceSchema, reviewGuidance)).toEqual({});
    const boxes = copyOf(reviewGuidance);
    boxes[2]!.title = boxes[0]!.title;
    expect(refusals(reviewGuidanceSchema, boxes)).toEqual({ "": "Each box needs its own heading" });
    const points = copyOf(reviewGuidance);
    points[0]!.items[1] = points[0]!.items[0]!;
    points[1]!.items = [];
    points[2]!.items[0] = "x".repeat(161);
    expect(refusals(reviewGuidanceSchema, points)).toEqual({
      "0.items": "Each point once",
      "1.items": "At least one point",
      "2.items.0": "At most 160 characters",
    });
    expect(refusals(reviewGuidanceSchema, [])).toEqual({ "": "At least one box" });
    expect(
      refusals(
        reviewGuidanceSchema,
        [...reviewGuidance, ...copyOf(reviewGuidance)].map((box, index) => ({ ...box, title: `Box ${index}` })),
      ),
    ).toEqual({ "": "At most four boxes" });
  });

  it("order page: as it is, its introduction quoting only facts there are, every button short enough", () => {
    expect(refusals(orderPageSchema, orderPage)).toEqual({});
    const page = copyOf(orderPage);
    page.title = " ";
    page.intro = "An expert will call you within {consultation}.";
    page.start = "x".repeat(41);
    page.form.openHosted = "Open in\tNew Tab";
    page.form.intro = "x".repeat(301);
    expect(refusals(orderPageSchema, page)).toEqual({
      title: "Required",
      intro: `{consultation} is no company fact: write one of ${facts}`,
      start: "At most 40 characters",
      "form.openHosted": "Write it on one line, without invisible control characters",
      "form.intro": "At most 300 characters",
    });
    // The introduction need not quote the time: free wording keeps what is typed.
    const reworded = copyOf(orderPage);
    reworded.intro = "Every cushion is built for the person who sits on it. Tell us about yourself.";
    expect(refusals(orderPageSchema, reworded)).toEqual({});
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
    page.cta.body = "We answer the phone on weekdays, and reply to email within {emailResponse}.";
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
    headings.reviews.title = "What users\nsay";
    expect(refusals(homeHeadingsSchema, headings)).toEqual({
      "search.title": "At most 70 characters",
      "technology.title": "Required",
      "reviews.title": "Write it on one line, without invisible control characters",
      "showcase.order": "Write {model} for the model's name",
      "faq.all": "At most 40 characters",
    });
  });

  it("home page's reviews: as they are, the link where the empty section's sentence says, short words", () => {
    const headings = copyOf(homeHeadings);
    headings.reviews.none = "No reviews have been published yet.";
    headings.reviews.all = "";
    headings.reviews.label = "Reviews\nof the cushion";
    headings.reviews.share = "x".repeat(81);
    expect(refusals(homeHeadingsSchema, headings)).toEqual({
      "reviews.none": "Write {share} for the link to the review form",
      "reviews.all": "Required",
      "reviews.label": "Write it on one line, without invisible control characters",
      "reviews.share": "At most 80 characters",
    });
    headings.reviews.none = "Nothing yet: {share}, or {call} us.";
    expect(refusals(homeHeadingsSchema, headings)).toHaveProperty(["reviews.none"], "Only {share} is filled in here");
  });

  it("order page: the step's number, both privacy links, the reference, and a list of next steps that fits", () => {
    const page = copyOf(orderPage);
    page.step = "Step";
    page.privacy.body = "We keep your details private. Read our {policy}.";
    page.privacy.healthData = "";
    page.otherWays = "x".repeat(81);
    page.sent.reference = "Thank you.";
    page.sent.next[1] = "We call you within {callBack}.";
    expect(refusals(orderPageSchema, page)).toEqual({
      step: "Write {number} for the step's number",
      "privacy.body": "Write {healthData} for the link to how consumer health data is handled",
      "privacy.healthData": "Required",
      otherWays: "At most 80 characters",
      "sent.reference": "Write {reference} for the request's reference",
      "sent.next.1": `{callBack} is no company fact: write one of ${facts}`,
    });
    const steps = copyOf(orderPage);
    steps.sent.next = [];
    expect(refusals(orderPageSchema, steps)).toEqual({ "sent.next": "At least one step" });
    steps.sent.next = ["One", "Two", "Three", "Four", "Five", "Six", "Seven"];
    expect(refusals(orderPageSchema, steps)).toEqual({ "sent.next": "At most six steps" });
    steps.sent.next = ["We call you.", "We call you."];
    expect(refusals(orderPageSchema, steps)).toEqual({ "sent.next": "Each step once" });
    // A next step may quote a company fact, or none.
    steps.sent.next = ["We call you within {consultationWithin}.", "We build it."];
    expect(refusals(orderPageSchema, steps)).toEqual({});
  });

  it("header menu: as it is, every entry named, short enough for the row, and no entry added", () => {
    expect(refusals(menuNamesSchema, menuNames)).toEqual({});
    const names = copyOf(menuNames);
    names.home = " ";
    names.paying = "x".repeat(41);
    names.order = "Request\nan Order";
    expect(refusals(menuNamesSchema, names)).toEqual({
      home: "Required",
      paying: "At most 40 characters",
      order: "Write it on one line, without invisible control characters",
    });
    const { faq: _faq, ...fewer } = copyOf(menuNames);
    expect(refusals(menuNamesSchema, fewer)).toHaveProperty(["faq"]);
    // An entry the code does not have is not kept: the menus' entries are the code's.
    expect(menuNamesSchema.parse({ ...copyOf(menuNames), blog: "Blog" })).not.toHaveProperty("blog");
  });

  it("footer: as it is, the product's name and the tagline under the company's, and a copyright line with its years", () => {
    expect(refusals(footerWordsSchema, footerWords)).toEqual({});
    const footer = copyOf(footerWords);
    footer.makers = "Makers of the {product}.";
    footer.explore = "";
    footer.links.faq = "x".repeat(41);
    footer.policies.healthData = " ";
    footer.copyright = "© {year} {companyName}. All rights reserved.";
    expect(refusals(footerWordsSchema, footer)).toEqual({
      makers: "Write {tagline} for the tagline",
      explore: "Required",
      "links.faq": "At most 40 characters",
      "policies.healthData": "Required",
      copyright: "Write {founded} for the year founded",
    });
    footer.makers = "Makers of the {productName}. {tagline}. {product}.";
    expect(refusals(footerWordsSchema, footer)).toHaveProperty(
      ["makers"],
      "Only {product} and {tagline} are filled in here",
    );
  });

  it("page not found and error page: as they are, every link named, the phone number in the error's text", () => {
    expect(refusals(errorPagesSchema, errorPages)).toEqual({});
    const pages = copyOf(errorPages);
    pages.notFound.heading = "";
    pages.notFound.text = "x".repeat(301);
    pages.notFound.links.contact = " ";
    pages.error.text = "Please try again in a moment.";
    pages.error.home = "x".repeat(61);
    expect(refusals(errorPagesSchema, pages)).toEqual({
      "notFound.heading": "Required",
      "notFound.text": "At most 300 characters",
      "notFound.links.contact": "Required",
      "error.text": "Write {phone} for the phone number",
      "error.home": "At most 60 characters",
    });
    pages.error.text = "Please try again, or call us at {phone} ({hours}).";
    expect(refusals(errorPagesSchema, pages)).toHaveProperty(["error.text"], "Only {phone} is filled in here");
  });

  it("regulatory status: a classification, and each clearance once; the footer's disclaimer, never empty", () => {
    expect(refusals(regulatorySchema, regulatory)).toEqual({});
    const status = copyOf(regulatory);
    status.classification = "x".repeat(61);
    status.clearances[1] = "  ";
    status.clearances.push("fda-cleared");
    // "fda-cleared" is FDA-cleared again, in other letters.
    expect(refusals(regulatorySchema, status)).toEqual({
      classification: "At most 60 characters",
      "clearances.1": "Required",
      clearances: "Each clearance once",
    });
    expect(refusals(regulatorySchema, { ...status, clearances: [] })).toMatchObject({
      clearances: "At least one clearance",
    });

    expect(refusals(disclaimerSchema, disclaimer)).toEqual({});
    expect(refusals(disclaimerSchema, { text: " " })).toEqual({ text: "Required" });
    expect(refusals(disclaimerSchema, { text: "x".repeat(401) })).toEqual({ text: "At most 400 characters" });
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

  it("privacy policy: a marker the page must state counts only where the page shows it", () => {
    // Every marker moved into the description for search engines, out of the policy itself.
    const policy = copyOf(privacyWording);
    const moved = new Set<string>();
    const strip = (text: string) =>
      text.replace(/\{[a-z-]+\}/g, (found) => (found === "{company}" ? found : (moved.add(found), "")));
    policy.intro = strip(policy.intro);
    for (const section of policy.sections) {
      section.paragraphs = section.paragraphs.map(strip).map((text) => text || "Kept.");
      for (const item of section.items) item.detail = strip(item.detail) || "Kept.";
    }
    policy.health.lead = strip(policy.health.lead);
    for (const item of policy.health.items) item.detail = strip(item.detail) || "Kept.";
    policy.contact.lead = strip(policy.contact.lead);
    policy.description = [...moved].join("");
    const refused = refusals(privacyWordingSchema, policy);
    expect(refused.description).toMatch(/^Unknown markers? .* here: the only marker here is \{company\}$/);
    expect(refused[""]).toMatch(/^Keep \{message-months\}, .* in the policy: they state what this site does/);
  });

  it("privacy policy: only known markers, in the fields that take them, and no period written in figures", () => {
    const policy = copyOf(privacyWording);
    policy.intro = "What {company} keeps, for {message-months} or {message-month}.";
    policy.sections[0]!.title = "Kept for {spam-days}";
    policy.sections[0]!.paragraphs[0] = "Messages are kept for 24 months.";
    policy.health.items[0]!.detail = "{Company} and {}.";
    const refused = refusals(privacyWordingSchema, policy);
    expect(refused).toEqual({
      intro: expect.stringMatching(/^Unknown marker \{message-month\} here: use \{company\}, \{message-months\}, /),
      "sections.0.title": "Unknown marker {spam-days} here: the only marker here is {company}",
      "sections.0.paragraphs.0": expect.stringMatching(/^Write how long with its marker \(\{message-months\}, /),
      "health.items.0.detail": expect.stringMatching(/^Unknown markers \{Company\}, \{\} here: use \{company\}, /),
    });
    // The message names every marker the field takes.
    for (const name of ["company", "message-months", "copies", "health-copies", "request-time"])
      expect(refused.intro).toContain(`{${name}}`);
  });

  it("privacy policy: the markers that state what this site does stay, and so do the sections' anchors", () => {
    const policy = copyOf(privacyWording);
    const where = policy.sections.find((entry) => entry.id === "where")!;
    where.paragraphs = where.paragraphs.filter((paragraph) => paragraph !== "{copies}");
    policy.sections.push({ ...copyOf(where), id: "health-data" }, { ...copyOf(where), id: "where", items: [] });
    expect(refusals(privacyWordingSchema, policy)).toEqual({
      "": "Keep {copies} in the policy: it states what this site does, from its settings",
      sections: "Each section needs its own anchor",
      [`sections.${policy.sections.length - 2}.id`]: "health-data and how-to-ask are the page's own sections",
    });
    expect(
      refusals(privacyWordingSchema, { ...copyOf(privacyWording), sections: policy.sections.slice(0, 2) }),
    ).toEqual({
      sections:
        "Keep the sections with the anchors where, never-sold, how-long, your-choices, changes: other pages link to them",
      "": "Keep {message-months}, {order-months}, {review-months}, {staff-email}, {copies}, {sharing}, {deletion-copies} in the policy: they state what this site does, from its settings",
    });
    const empty = copyOf(privacyWording);
    empty.sections.push({ id: "more", title: "More", paragraphs: [], items: [] });
    expect(refusals(privacyWordingSchema, empty)).toEqual({ "sections.7": "A section needs a paragraph or a term" });
    empty.sections[7] = { ...copyOf(where), id: "where-title" };
    expect(refusals(privacyWordingSchema, empty)).toEqual({
      "sections.7.id": "The page gives its headings anchors ending in -title: choose another",
    });
  });

  it("accessibility statement: the standard in Markdown that the site can show, and every list filled", () => {
    expect(refusals(accessibilitySchema, copyOf(accessibilityStatement))).toEqual({});
    const statement = copyOf(accessibilityStatement);
    statement.standard.body = "x".repeat(3_001);
    statement.features.items = [];
    statement.limitations.items[1]!.term = statement.limitations.items[0]!.term;
    statement.report.form = " ";
    expect(refusals(accessibilitySchema, statement)).toEqual({
      "standard.body": "The standard must be 3000 characters or fewer",
      "features.items": "At least one point",
      "limitations.items": "Each limitation needs its own name",
      "report.form": "Required",
    });

    const body = (text: string) => ({
      ...copyOf(accessibilityStatement),
      standard: { heading: "Standard", body: text },
    });
    expect(refusals(accessibilitySchema, body("We meet [WCAG 2.2](http://www.w3.org/TR/WCAG22/)."))).toEqual({
      "standard.body": "Links must start with https:// or /: http://www.w3.org/TR/WCAG22/",
    });
    expect(refusals(accessibilitySchema, body("We meet it.<script>alert(1)</script>"))).toEqual({
      "standard.body": "HTML is not allowed; write plain text and Markdown",
    });
    expect(
      refusals(accessibilitySchema, body("We meet [WCAG 2.2](https://www.w3.org/TR/WCAG22/), *at level AA*.")),
    ).toEqual({});
    // Had either been published, the page would show it as the words typed, never as a link or a tag.
    expect(markdownBlocks("[WCAG](http://www.w3.org/) <script>alert(1)</script>", { topLevel: 3 })).toEqual([
      { tag: "p", children: ["[WCAG](http://www.w3.org/) <script>alert(1)</script>"] },
    ]);
  });

  it("review policy: each section's text in Markdown that the site can show, each reason explained", () => {
    expect(refusals(reviewPolicySchema, copyOf(reviewPolicy))).toEqual({});
    const policy = copyOf(reviewPolicy);
    policy.sections.timing.body = "x".repeat(4_001);
    policy.sections.replies.body = "  ";
    policy.sections["who-wrote-it"].body = "Ask [a caregiver](http://example.com/help).";
    policy.sections.removal.body = 'Tell us. <img src=x onerror="alert(1)">';
    policy.reasons.spam = "";
    expect(refusals(reviewPolicySchema, policy)).toEqual({
      "sections.timing.body": "Text must be 4000 characters or fewer",
      "sections.replies.body": "Text is required",
      "sections.who-wrote-it.body": "Links must start with https:// or /: http://example.com/help",
      "sections.removal.body": "HTML is not allowed; write plain text and Markdown",
      "reasons.spam": "Required",
    });
    // Every reason staff can choose is explained: none can be left out.
    const { spam: _spam, ...fewer } = copyOf(reviewPolicy).reasons;
    expect(refusals(reviewPolicySchema, { ...copyOf(reviewPolicy), reasons: fewer })).toHaveProperty(["reasons.spam"]);

    const written = copyOf(reviewPolicy);
    written.sections.removal.body =
      "Write to us:\n\n- which review\n- the email it was sent from\n\nor [send a message](/contact), *any time*.";
    expect(refusals(reviewPolicySchema, written)).toEqual({});
  });
});

describe("the fields every item shares", () => {
  it("a line or a paragraph holds only what a page shows as written", () => {
    const title = line("Headline", 120);
    const body = paragraph("Body", 2_000);
    for (const text of ["Heal \u202Emoc.live\u202C", "nul\u0001ctl", "two\u2028lines", "two\nlines", "tab\there"]) {
      expect(title.safeParse(text).error?.issues[0]?.message, JSON.stringify(text)).toBe(
        "Write it on one line, without invisible control characters",
      );
    }
    for (const text of ["Heal \u202Emoc.live\u202C", "nul\u0001ctl", "two\u2029paragraphs"]) {
      expect(body.safeParse(text).error?.issues[0]?.message, JSON.stringify(text)).toBe(
        "Remove the invisible control characters",
      );
    }
    // A paragraph may break its lines; either may say which way a neutral character runs.
    expect(body.safeParse("First line\nsecond line\u200F.").success).toBe(true);
    expect(title.safeParse("Müller’s “café” — naïve \u200Eok").success).toBe(true);
  });

  it("a text that quotes facts or markers holds only what a page shows as written, as a line does", () => {
    const override = "Heal \u202Emoc.live\u202C";
    const claims = copyOf(heroClaimList);
    claims[0] = override;
    expect(refusals(heroClaimsSchema, claims)).toEqual({
      "0": "Write it on one line, without invisible control characters",
    });
    const wording = copyOf(privacyWording);
    wording.intro = `${wording.intro} nul\u0001ctl`;
    wording.contact.title = override;
    expect(refusals(privacyWordingSchema, wording)).toEqual({
      intro: "Remove the invisible control characters",
      "contact.title": "Write it on one line, without invisible control characters",
    });
    // The contact page's badge quotes a fact and holds one line.
    const contact = copyOf(contactPage);
    contact.badges.email = `{emailResponse}\u2028reply`;
    expect(refusals(contactSchema, contact)).toEqual({
      "badges.email": "Write it on one line, without invisible control characters",
    });
  });

  it("a link goes to a path on this site or an https address, never another site through a backslash", () => {
    const href = link("Link");
    for (const address of ["/about", "/contact?topic=repair#form", "https://example.com/a?b=c"]) {
      expect(href.safeParse(address).success, address).toBe(true);
    }
    for (const address of [
      "/\\evil.example",
      "//evil.example",
      "/%5Cevil.example",
      "/a\\b",
      "https://evil\\.example",
      "http://example.com",
      "javascript:alert(1)",
    ]) {
      expect(href.safeParse(address).success, address).toBe(false);
    }
  });
});
