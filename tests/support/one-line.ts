import { describe, expect, it } from "vitest";

/**
 * Text for the rule that names, phone numbers and other one-line answers are one line of
 * printable text (docs/requirements.md §3), shared by every form's schema test.
 */

/** The bidirectional embeddings, overrides and isolates: each would show what follows it in another order. */
export const bidiControls = {
  "a left-to-right embedding (U+202A)": "\u202a",
  "a right-to-left embedding (U+202B)": "\u202b",
  "a pop directional formatting (U+202C)": "\u202c",
  "a left-to-right override (U+202D)": "\u202d",
  "a right-to-left override (U+202E)": "\u202e",
  "a left-to-right isolate (U+2066)": "\u2066",
  "a right-to-left isolate (U+2067)": "\u2067",
  "a first strong isolate (U+2068)": "\u2068",
  "a pop directional isolate (U+2069)": "\u2069",
} as const;

/**
 * Characters that end a line, or control what follows, somewhere a name can travel (an email, a
 * CSV, a log), and the bidirectional controls that would show the rest of it in another order.
 */
export const notOneLine = {
  "a line feed": "\n",
  "a carriage return": "\r",
  "a line separator (U+2028)": "\u2028",
  "a paragraph separator (U+2029)": "\u2029",
  "a next-line control (U+0085)": "\u0085",
  "a vertical tab": "\u000b",
  "a form feed": "\u000c",
  "a tab": "\t",
  "an escape": "\u001b",
  "a delete (U+007F)": "\u007f",
  ...bidiControls,
} as const;

/** Names in every script, with the apostrophes, hyphens and accents real names have. */
export const realNames = [
  "José O'Brien-Nguyễn",
  "李小龙",
  "Zoë Ångström",
  "Renée d’Arcy",
  "محمد علي",
  "Ólafur Þór",
  "Mary-Kate  Smith Jr.",
];

/** The same text broken by `character` in the middle, as an attacker would send it. */
export function broken(text: string, character: string): string {
  const middle = Math.ceil(text.length / 2);
  return `${text.slice(0, middle)}${character}${text.slice(middle)}`;
}

/**
 * The tests every form's schema gets for its one-line answers: each field, broken by each
 * character above (in the middle and at the end), is refused with its own message, and a NUL with
 * the message for text no database can keep. `errorsOf` gives a form's first message per field;
 * `filled` is a valid form whose value of each field is the sample that gets broken.
 */
export function describeOneLineFields(
  errorsOf: (input: Record<string, unknown>) => Record<string, string | undefined>,
  filled: Record<string, unknown>,
  messages: Record<string, string>,
) {
  describe.each(Object.entries(messages))("the %s", (field, message) => {
    const sample = String(filled[field]);

    it.each(Object.entries(notOneLine))("is refused with %s in it, with its own message", (_, character) => {
      expect(errorsOf({ ...filled, [field]: broken(sample, character) })).toEqual({ [field]: message });
      expect(errorsOf({ ...filled, [field]: `${sample}${character}` })).toEqual({ [field]: message });
    });

    it("is refused with a NUL in it, as text no database can keep", () => {
      expect(errorsOf({ ...filled, [field]: broken(sample, "\0") })).toEqual({
        [field]: "Please remove characters that cannot be saved",
      });
    });
  });
}
