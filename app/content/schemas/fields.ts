/**
 * The kinds of field an editor meets in a content item's form, each with the limits and messages
 * every item shares. The schemas of app/content/schemas and app/content/items.ts build on these.
 *
 * Imports zod: read by the admin and the server, never by a public page.
 */
import { z } from "zod";
import { type FactName, factItem, factLabel, factNames, isFactName, namesQuotedIn, quote } from "../quoted-facts";

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
  const known = [...factNames, ...Object.keys(own)].map(quote).join(", ");
  const kept = quotes
    .map((name) => `${quote(name)} is the ${factLabel(name).toLowerCase()}, from ${factItem(name)}`)
    .join("; ");
  const owned = Object.entries(own)
    .map(([name, what]) => `${quote(name)} writes ${what}`)
    .join("; ");
  const hint = [
    quotes.length
      ? `${kept}; keep it, and the page writes it in.`
      : `To state a company fact, write ${factNames.map(quote).join(", ")}; the page writes in its current value.`,
    ...(owned ? [`${owned}.`] : []),
  ].join(" ");
  return z
    .string()
    .trim()
    .min(1, "Required")
    .max(max, `At most ${max} characters`)
    .superRefine((text, context) => {
      const named = namesQuotedIn(text);
      for (const name of named.filter((name) => !isFactName(name) && !Object.hasOwn(own, name)))
        context.addIssue({ code: "custom", message: `{${name}} is no company fact: write one of ${known}` });
      for (const name of quotes.filter((name) => !named.includes(name)))
        context.addIssue({
          code: "custom",
          message: `Keep ${quote(name)}: the page writes the ${factLabel(name).toLowerCase()} there`,
        });
    })
    .meta({ title, ...(long ? { long } : {}), description: description ? `${description} ${hint}` : hint });
}
