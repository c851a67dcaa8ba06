/**
 * Text for the rule that names, phone numbers and other one-line answers are one line of
 * printable text (decisions.md, third round), shared by every form's schema test.
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
export const realNames = ["José O'Brien-Nguyễn", "李小龙", "Zoë Ångström", "Renée d’Arcy", "محمد علي", "Ólafur Þór", "Mary-Kate  Smith Jr."];

/** The same text broken by `character` in the middle, as an attacker would send it. */
export function broken(text: string, character: string): string {
  const middle = Math.ceil(text.length / 2);
  return `${text.slice(0, middle)}${character}${text.slice(middle)}`;
}
