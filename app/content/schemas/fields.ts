/**
 * The kinds of field an editor meets in a content item's form, each with the limits and messages
 * every item shares. The schemas of app/content/schemas and app/content/items.ts build on these.
 *
 * Imports zod: read by the admin and the server, never by a public page.
 */
import { z } from "zod";
import { marker, markersIn } from "~/lib/markers";

/** A line of text: required, at most `max` characters. */
export function line(title: string, max = 120, description?: string) {
  return z
    .string()
    .trim()
    .min(1, "Required")
    .max(max, `At most ${max} characters`)
    .meta({ title, ...(description ? { description } : {}) });
}

/** A paragraph of plain text. */
export function paragraph(title: string, max = 2_000, description?: string) {
  return z
    .string()
    .trim()
    .min(1, "Required")
    .max(max, `At most ${max} characters`)
    .meta({ title, long: true, ...(description ? { description } : {}) });
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
    if (markersIn(text).some((written) => !names.includes(written)))
      context.addIssue({ code: "custom", message: only });
  });
}

/** A link: a path on this site ("/about") or an https address; nothing else is ever linked. */
export function link(title: string, description?: string) {
  return z
    .string()
    .trim()
    .min(1, "Required")
    .max(500, "At most 500 characters")
    .refine((value) => /^\/(?!\/)\S*$/.test(value) || /^https:\/\/[^\s/?#]+\.[^\s/?#]+\S*$/i.test(value), {
      message: "Enter a path on this site (starting with /) or an address starting with https://",
    })
    .meta({ title, ...(description ? { description } : {}) });
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
