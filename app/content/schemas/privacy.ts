/** The privacy policy's wording, date and promised time (app/content/privacy.ts), as the admin's form edits them. */
import { z } from "zod";
import {
  keptPrivacyAnchors,
  privacyMarkerNames,
  privacyMarkers,
  privacyPageAnchors,
  type PrivacyMarker,
  requiredPrivacyMarkers,
} from "../privacy-markers";
import { calendarDate, distinct, line, placeholderFields, showableText, slug } from "./fields";
import { marker, markerNames } from "~/lib/markers";

export const policyDateSchema = z
  .object({
    date: calendarDate("Last updated", "Shown at the top of the policy, for example as 23 November 2026."),
    ...placeholderFields,
  })
  .meta({ title: "Privacy policy: date" });

export const dataRequestTimeSchema = z
  .object({
    text: line(
      "Time to complete a request",
      40,
      "Ends the sentence “We reply within … and complete the request within …”, for example 30 days.",
    ),
    ...placeholderFields,
  })
  .meta({ title: "Privacy policy: time to complete a data request" });

// ——— The wording ———

/** Headings, terms and labels name the company at most; the texts under them may state any fact. */
const inHeadings: readonly PrivacyMarker[] = ["company"];
const inTexts: readonly PrivacyMarker[] = privacyMarkerNames;

const listed = (names: readonly string[]) => names.map(marker).join(", ");

/** Numbers of days, weeks, months or years written out: a period only a marker may state. */
const writtenPeriod =
  /\b\d+(?:[.,]\d+)?(?:\s*(?:-|–|to)\s*\d+)?\s*(?:business\s+|calendar\s+|working\s+)?(?:days?|weeks?|months?|years?)\b/i;

const periodMessage = `Write how long with its marker (${listed(["message-months", "order-months", "review-months", "spam-days", "count-months", "reply-time", "request-time"])}), so the page states what this site does`;

/** Text of the policy that may use the markers `allowed`, and states no period in figures. */
function wording(
  title: string,
  max: number,
  allowed: readonly PrivacyMarker[],
  options: { long?: boolean; description?: string } = {},
) {
  const hint = `Markers it may use, each replaced by what this site does: ${listed(allowed)}.`;
  return showableText(max, { lines: options.long === true })
    .superRefine((text, context) => {
      const unknown = [...new Set(markerNames(text))].filter((name) => !allowed.includes(name as PrivacyMarker));
      if (unknown.length > 0) {
        const known = allowed.length === 1 ? `the only marker here is ${listed(allowed)}` : `use ${listed(allowed)}`;
        context.addIssue({
          code: "custom",
          message: `${unknown.length === 1 ? "Unknown marker" : "Unknown markers"} ${listed(unknown)} here: ${known}`,
        });
      }
      if (writtenPeriod.test(text)) context.addIssue({ code: "custom", message: periodMessage });
    })
    .meta({
      title,
      ...(options.long ? { long: true } : {}),
      description: [options.description, hint].filter(Boolean).join(" "),
    });
}

const terms = (title: string, entry: string) =>
  z
    .array(
      z
        .object({
          term: wording("Term", 100, inHeadings),
          detail: wording("What it means", 2_000, inTexts, { long: true }),
        })
        .meta({ title: entry }),
    )
    .max(20, "At most 20 entries")
    .refine((items) => distinct(items, (item) => item.term), "Each entry needs its own term")
    .meta({ title });

const glossary = privacyMarkerNames.map((name) => `${marker(name)}: ${privacyMarkers[name]}.`).join(" ");

const reservedAnchors: readonly string[] = Object.values(privacyPageAnchors);

const section = z
  .object({
    id: slug(
      "Anchor",
      60,
      "The section's address on the page (/privacy#how-long); other pages link to it, so keep it once published.",
    )
      .refine((id) => !reservedAnchors.includes(id), `${reservedAnchors.join(" and ")} are the page's own sections`)
      .refine((id) => !id.endsWith("-title"), "The page gives its headings anchors ending in -title: choose another"),
    title: wording("Heading", 100, inHeadings),
    paragraphs: z
      .array(wording("Paragraph", 2_000, inTexts, { long: true }))
      .max(10, "At most 10 paragraphs")
      .meta({
        title: "Paragraphs",
        description: `A paragraph that is only ${marker("copies")} becomes a paragraph per sentence it says, or none.`,
      }),
    items: terms("Terms", "Term"),
  })
  .refine((block) => block.paragraphs.length + block.items.length > 0, "A section needs a paragraph or a term")
  .meta({ title: "Section" });

export const privacyWordingSchema = z
  .object({
    // Only the company's name: a search engine's line is no place for the periods and flows the
    // page states, and a marker there would not count as stated on the page.
    description: wording("Description for search engines", 300, inHeadings, { long: true }),
    intro: wording("Introduction", 800, inTexts, { long: true, description: "Under the page's title." }),
    sections: z
      .array(section)
      .min(1, "At least one section")
      .max(20, "At most 20 sections")
      .superRefine((sections, context) => {
        const ids = sections.map((entry) => entry.id);
        if (!distinct(ids, (id) => id))
          context.addIssue({ code: "custom", message: "Each section needs its own anchor" });
        const missing = keptPrivacyAnchors.filter((id) => !ids.includes(id));
        if (missing.length > 0)
          context.addIssue({
            code: "custom",
            message: `Keep the sections with the anchors ${missing.join(", ")}: other pages link to them`,
          });
      })
      .meta({
        title: "Sections",
        description: `In order; the consumer-health-data section comes after the first. The markers: ${glossary}`,
      }),
    health: z
      .object({
        title: wording("Heading", 100, inHeadings),
        lead: wording("Lead", 2_000, inTexts, { long: true }),
        items: terms("Terms", "Term").min(1, "At least one term"),
      })
      .meta({
        title: "Consumer health data",
        description: "Its anchor, /privacy#health-data, is in every page's footer.",
      }),
    contact: z
      .object({
        title: wording("Heading", 100, inHeadings),
        lead: wording("Lead", 1_000, inTexts, { long: true }),
        form: wording("Link to the contact form", 60, inHeadings),
      })
      .meta({ title: "How to ask" }),
  })
  .superRefine((policy, context) => {
    // What the page shows: the description for search engines is not the policy.
    const texts = [
      policy.intro,
      ...policy.sections.flatMap((entry) => [
        ...entry.paragraphs,
        ...entry.items.flatMap((item) => [item.term, item.detail]),
      ]),
      policy.health.lead,
      ...policy.health.items.flatMap((item) => [item.term, item.detail]),
      policy.contact.lead,
    ];
    const used = new Set(texts.flatMap(markerNames));
    const missing = requiredPrivacyMarkers.filter((name) => !used.has(name));
    if (missing.length > 0)
      context.addIssue({
        code: "custom",
        message: `Keep ${listed(missing)} in the policy: ${missing.length === 1 ? "it states" : "they state"} what this site does, from its settings`,
      });
  })
  .meta({ title: "Privacy policy" });
