import { z } from "zod";
import { heardAnswers, type HeardAnswer } from "~/content/heard";
import { firstErrors } from "./forms";

/**
 * Zod, configured for a strict CSP: without `jitless` it probes `new Function()` to decide
 * whether to compile validators, which the browser reports as a CSP violation. Import `z` from
 * here, not from "zod", in code that can reach the browser.
 */
z.config({ jitless: true });

export { z };

const unstorable = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Text that every database can keep byte for byte: PostgreSQL refuses the NUL character, and a
 * lone UTF-16 surrogate has no UTF-8 form. Such text is refused with a field message rather than
 * altered on its way in.
 */
export function isStorableText(value: string): boolean {
  return !unstorable.test(value);
}

export const unstorableMessage = "Please remove characters that cannot be saved";

/**
 * Control characters (C0 with tab, DEL, C1 with NEL), the line and paragraph separators, and the
 * bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): what could end
 * a line or steer what follows wherever a name travels (an email, a CSV cell, a log); an override
 * shows the rest of the line in another order than it was written (U+202E before "moc.live"
 * reads "evil.com"). The marks U+200E and U+200F, which only say which way a neutral character
 * runs, stay allowed.
 */
const notPrintableOnOneLine = /[\p{Cc}\p{Zl}\p{Zp}\u202A-\u202E\u2066-\u2069]/u;
const runsNotPrintableOnOneLine = new RegExp(`${notPrintableOnOneLine.source}+`, "gu");

function isOneLineText(value: string): boolean {
  return !notPrintableOnOneLine.test(value);
}

/** What `isOneLineText` refuses, less the line breaks and tabs a paragraph may hold. */
const notPrintableInParagraph = /(?![\n\r\t])[\p{Cc}\p{Zl}\p{Zp}\u202A-\u202E\u2066-\u2069]/u;

/**
 * Text a page can show as it was written: storable, and with no control character, separator or
 * direction override (see `notPrintableOnOneLine`); line breaks allowed where `lines` says so. For
 * what an editor publishes, which every visitor reads.
 */
export function isShowableText(value: string, { lines }: { lines: boolean }): boolean {
  return isStorableText(value) && !(lines ? notPrintableInParagraph : notPrintableOnOneLine).test(value);
}

/** `value` on one line: each run of what `lineOfText` refuses shown as one space, for text kept before that rule or not checked by it. */
export function flattenedToOneLine(value: string): string {
  return value.replace(runsNotPrintableOnOneLine, " ").trim();
}

/**
 * A name, a phone number or another answer that is one line by nature: one line of printable
 * text in any script, refused otherwise with "Please enter {what} on one line", in the browser
 * and on the server alike. A visitor's line break would otherwise become a line of its own in the
 * staff notification (docs/requirements.md §3). Text no database can keep is refused first, with
 * that message alone.
 */
export function lineOfText(what: string, typeMessage?: string) {
  return z
    .string(typeMessage)
    .refine(isStorableText, { error: unstorableMessage, abort: true })
    .refine(isOneLineText, `Please enter ${what} on one line`);
}

const invalidEmail = "Please enter a valid email address";

/**
 * An email address as every form takes it: storable, trimmed, at most `max` characters. An empty
 * or missing one is told `missing` (by default, the same as an invalid one).
 */
export function emailAddress(max: number, missing = invalidEmail) {
  return z
    .string(missing)
    .refine(isStorableText, unstorableMessage)
    .trim()
    .min(1, missing)
    .max(max, invalidEmail)
    .pipe(z.email(invalidEmail));
}

/** Row ids are UUIDs; anything else cannot name a row, so it never reaches a query. */
export const rowIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function rowIdSchema(message: string) {
  return z.string().regex(rowIdPattern, message);
}

/** A refusal as one message per field, the first zod gave for it. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  return firstErrors(z.flattenError(error).fieldErrors as Record<string, string[]>);
}

/** A schema's verdict on a form's answers: one message per field with a mistake, empty when valid. */
export function fieldMistakes(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  return result.success ? {} : fieldErrorsOf(result.error);
}

const heardValues = heardAnswers.map((answer) => answer.value) as [HeardAnswer, ...HeardAnswer[]];

/**
 * The optional answer to "How did you hear about us?": one of the listed answers, or nothing (an
 * empty choice on the page, null or no field from a JSON client).
 */
export const heardFrom = z
  .union([z.enum(heardValues), z.literal(""), z.null()], "Please choose one of the answers, or leave it empty")
  .optional()
  .transform((value) => value || undefined);
