import { describe, expect, it } from "vitest";

/**
 * Text for the rule that names, phone numbers and other one-line answers are one line of
 * printable text (docs/requirements.md §3), shared by every form's schema test.
 */

/** Characters that end a line, or control what follows, somewhere a name can travel (an email, a CSV, a log). */
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
