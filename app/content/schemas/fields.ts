/**
 * The kinds of field an editor meets in a content item's form, each with the limits and messages
 * every item shares. The schemas of app/content/schemas and app/content/items.ts build on these.
 *
 * Imports zod: read by the admin and the server, never by a public page.
 */
import { z } from "zod";
import { isShowableText } from "~/lib/zod";
import { factItem, factLabel } from "../quoted-fact-labels";
import { type FactName, factNames, isFactName } from "../quoted-facts";
import { markdownText } from "~/lib/markdown-text";
import { marker, markerNames } from "~/lib/markers";

/**
 * Text an editor writes for the public to read: required, at most `max` characters, and only what
 * a page shows as written (no control character or direction override; line breaks only where
 * `lines`). Every text field below starts from it.
 */
export function showableText(max: number, { lines }: { lines: boolean }) {
  return z
    .string()
    .trim()
    .min(1, "Required")
    .max(max, `At most ${max} characters`)
    .refine((text) => isShowableText(text, { lines }), lines ? paragraphMessage : oneLineMessage);
}

/** What a line or a paragraph is told when it holds a character a page cannot show as written. */
const oneLineMessage = "Write it on one line, without invisible control characters";
const paragraphMessage = "Remove the invisible control characters";

/** A line of text: required, at most `max` characters. */
export function line(title: string, max = 120, description?: string) {
  return showableText(max, { lines: false }).meta({ title, ...(description ? { description } : {}) });
}

/** A paragraph of plain text. */
export function paragraph(title: string, max = 2_000, description?: string) {
  return showableText(max, { lines: true }).meta({ title, long: true, ...(description ? { description } : {}) });
}

/**
 * A long text in Markdown (app/lib/markdown.server.ts): paragraphs, emphasis, lists, links to a
 * path on this site or an https address, and headings below the section's own.
 */
export function markdown(title: string, max = 4_000, description = "A blank line starts a new paragraph.") {
  return markdownText({ max, label: title }).meta({ title, description, markdown: true });
}

/**
 * A line with named markers (app/lib/markers.ts) where the page writes a fact when it draws it.
 * `markers` names each marker the line takes and what the page writes there ("the opening
 * hours"); each must be written, and no other.
 */
export function markedLine(
  title: string,
  max: number,
  markers: Readonly<Record<string, string>>,
  description?: string,
) {
  const names = Object.keys(markers).map(marker);
  const only =
    names.length === 1
      ? `Only ${names[0]} is filled in here`
      : `Only ${names.slice(0, -1).join(", ")} and ${names.at(-1)} are filled in here`;
  return line(title, max, description).superRefine((text, context) => {
    // An empty line is refused as required already.
    if (text === "") return;
    for (const [name, fact] of Object.entries(markers)) {
      if (!text.includes(marker(name)))
        context.addIssue({ code: "custom", message: `Write ${marker(name)} for ${fact}` });
    }
    if (markerNames(text).some((name) => !Object.hasOwn(markers, name)))
      context.addIssue({ code: "custom", message: only });
  });
}

/** A link: a path on this site ("/about") or an https address; nothing else is ever linked. */
export function link(title: string, description?: string) {
  return (
    z
      .string()
      .trim()
      .min(1, "Required")
      .max(500, "At most 500 characters")
      // A single "/" then no backslash anywhere: "//other.example" and "/\\other.example" lead to
      // other sites in a browser, as the Markdown links' rule says (app/lib/markdown-text.ts).
      .refine(
        (value) =>
          /^\/(?![/\\]|%5c)[^\s\\]*$/i.test(value) || /^https:\/\/[^\s/?#\\]+\.[^\s/?#\\]+[^\s\\]*$/i.test(value),
        {
          message: "Enter a path on this site (starting with /) or an address starting with https://",
        },
      )
      .meta({ title, ...(description ? { description } : {}) })
  );
}

/** A whole number within a range. */
export function whole(title: string, min: number, max: number, description?: string) {
  return z
    .number({ error: "Enter a whole number" })
    .int("Enter a whole number")
    .min(min, `At least ${min}`)
    .max(max, `At most ${max}`)
    .meta({ title, ...(description ? { description } : {}) });
}

/** A calendar date, "YYYY-MM-DD", that exists. */
export function calendarDate(title: string, description?: string) {
  return z
    .string()
    .trim()
    .refine((value) => {
      const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
      if (!match) return false;
      const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
      return date.toISOString().slice(0, 10) === value;
    }, "Enter a date as year-month-day, for example 2026-12-24")
    .meta({ title, ...(description ? { description } : {}) });
}

/** What marks a value the company has not supplied yet (listed on the launch checklist). */
export const placeholderFields = {
  placeholder: z
    .boolean()
    .optional()
    .meta({ title: "Still a placeholder", description: "Listed on the launch checklist until unticked." }),
  todo: z.string().trim().max(300).optional().meta({ title: "What is still needed", long: true }),
};

/**
 * A short name for an entry's place on its page (an anchor, an id): lower-case letters, digits and
 * hyphens. Links and the page's structure rely on it, so it is kept once published.
 */
export function slug(title: string, max = 80, description?: string) {
  return z
    .string()
    .trim()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use lower-case letters, digits and hyphens, for example how-to-order")
    .max(max, `At most ${max} characters`)
    .meta({ title, ...(description ? { description } : {}) });
}

/** Whether no two entries of a list share a `key`: a list whose entries each need their own. */
export function distinct<T>(entries: readonly T[], key: (entry: T) => string): boolean {
  return new Set(entries.map(key)).size === entries.length;
}

/**
 * A text that may quote company facts by name, such as {emailResponse} (app/content/quoted-facts.ts):
 * the page writes each in when it is drawn. A name in braces that is no fact is refused, since the
 * page would show it as typed; `quotes` are facts the text must keep, where stating them is its point.
 * `own`: names this field takes beside the facts, each with what the page writes there (the trust
 * band's {billingCode}); the field's own schema says where they must be.
 */
export function textWithFacts(
  title: string,
  max: number,
  {
    quotes = [],
    own = {},
    long = false,
    description,
  }: { quotes?: FactName[]; own?: Record<string, string>; long?: boolean; description?: string } = {},
) {
  const known = [...factNames, ...Object.keys(own)].map(marker).join(", ");
  const kept = quotes
    .map((name) => `${marker(name)} is the ${factLabel(name).toLowerCase()}, from ${factItem(name)}`)
    .join("; ");
  const owned = Object.entries(own)
    .map(([name, what]) => `${marker(name)} writes ${what}`)
    .join("; ");
  const hint = [
    quotes.length
      ? `${kept}; keep it, and the page writes it in.`
      : `To state a company fact, write ${factNames.map(marker).join(", ")}; the page writes in its current value.`,
    ...(owned ? [`${owned}.`] : []),
  ].join(" ");
  return showableText(max, { lines: long })
    .superRefine((text, context) => {
      const named = markerNames(text);
      for (const name of named.filter((name) => !isFactName(name) && !Object.hasOwn(own, name)))
        context.addIssue({ code: "custom", message: `{${name}} is no company fact: write one of ${known}` });
      for (const name of quotes.filter((name) => !named.includes(name)))
        context.addIssue({
          code: "custom",
          message: `Keep ${marker(name)}: the page writes the ${factLabel(name).toLowerCase()} there`,
        });
    })
    .meta({ title, ...(long ? { long } : {}), description: description ? `${description} ${hint}` : hint });
}

/** An upload's id (app/lib/uploads/refs.ts): the form offers the files of `kind` uploaded under Files. */
export function uploadedFile(title: string, kind: "manual" | "photo", description?: string) {
  return z
    .string({ error: kind === "manual" ? "Choose a PDF" : "Choose a photo" })
    .regex(
      /^[0-9a-f]{32}$/,
      kind === "manual" ? "Choose a PDF uploaded under Files" : "Choose a photo uploaded under Files",
    )
    .meta({ title, file: kind, ...(description ? { description } : {}) });
}

/**
 * A photo with its alternative text: what a screen reader says in its place. A photo cannot be
 * published without it; leave both empty for no photo.
 */
export function photoField(title: string, description?: string) {
  return z
    .object({
      file: uploadedFile("Photo", "photo"),
      alt: showableText(250, { lines: false }).meta({
        title: "Alternative text",
        description:
          "What the photo shows, for people who cannot see it, in a sentence: who or what, and anything that matters (for example: Maria seated in her wheelchair on the cushion, smiling).",
      }),
    })
    .optional()
    .meta({ title, description: description ?? "Optional. Upload photos under Files first." });
}
