import { isStorableText, unstorableMessage, z } from "./zod";

/**
 * The admin form's check of a long text (docs/requirements.md §7.13), in the browser
 * and again on the server. It reads the text with a few patterns instead of the Markdown library,
 * which stays on the server (markdown.server.ts): what it refuses is what the renderer would show
 * as plain text, so the editor hears about it while writing, not from the published page.
 */

/**
 * The addresses a link may have: a path on this site (a single `/`, since `//other.example` and
 * `/\other.example` are other sites to a browser, and `/&#47;other.example` decodes to one; the
 * renderer sees a backslash as `%5C`), an https address, or an email or phone link. The renderer
 * applies the same test to the address it would write into href, so both refuse the same links.
 */
const allowedLink = /^(?:\/(?![/\\&]|%5c)|https:\/\/|mailto:|tel:)/i;

export function isAllowedLink(address: string): boolean {
  return allowedLink.test(address);
}

// Where Markdown puts an address: after `](` in an inline link or picture (an address in <…> may
// hold spaces; a bare one may hold balanced parentheses), after `[label]:` in a reference
// definition, and inside <…> as an autolink (`<me@example.com>` has no scheme, so it is never
// taken for one). Each alternative is plain repetition of disjoint characters, so a long or
// unfinished text is read in one pass.
const inlineAddress = /\]\([ \t]*\n?[ \t]*(?:<([^<>\n]*)>|((?:[^\s()<]|\([^\s()]*\))*))/g;
const referenceAddress = /^ {0,3}\[[^\]\n]+\]:[ \t]*\n?[ \t]*(?:<([^<>\n]*)>|(\S+))/gm;
const autolinkAddress = /<([A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*)>/g;

// A tag, a comment, a declaration or a processing instruction: the pieces of HTML that Markdown
// would pass through if HTML were on. `<https://…>` and `<me@example.com>` are not tags.
const htmlPiece = /<\/?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?\/?>|<!--|<![A-Za-z[]|<\?/;

// `![description](address)` and `![description][reference]`, with one level of brackets inside.
const picture = /!\[(?:[^[\]\\]|\\[\s\S]|\[[^[\]]*\])*\][([]/;

const shownAddressLength = 60;
const shownAddresses = 3;

function shown(address: string): string {
  return address.length > shownAddressLength ? `${address.slice(0, shownAddressLength)}…` : address;
}

function refusedAddresses(text: string): string[] {
  const found = [
    ...[...text.matchAll(inlineAddress)].map((match) => match[1] ?? match[2] ?? ""),
    ...[...text.matchAll(referenceAddress)].map((match) => match[1] ?? match[2] ?? ""),
    ...[...text.matchAll(autolinkAddress)].map((match) => match[1] ?? ""),
  ];
  return [...new Set(found.filter((address) => !isAllowedLink(address)))];
}

export const htmlMessage = "HTML is not allowed; write plain text and Markdown";
export const pictureMessage = "Pictures cannot be placed in text; write what the picture shows instead";
export const missingAddressMessage = "A link has no address; put it in the brackets: [words](/page)";

/**
 * What is wrong with `text` as a long text, one short message per kind of mistake, written for
 * the editor: each refused link address is named (the first three), so it can be found.
 */
export function markdownProblems(text: string): string[] {
  const problems: string[] = [];
  const refused = refusedAddresses(text);
  const named = refused.filter((address) => address.trim() !== "");
  if (named.length > 0) {
    const more = named.length > shownAddresses ? ` and ${named.length - shownAddresses} more` : "";
    const listed = named.slice(0, shownAddresses).map(shown).join(", ");
    problems.push(`Links must start with https:// or /: ${listed}${more}`);
  }
  if (named.length < refused.length) problems.push(missingAddressMessage);
  if (htmlPiece.test(text)) problems.push(htmlMessage);
  if (picture.test(text)) problems.push(pictureMessage);
  return problems;
}

/**
 * A required long text of at most `max` characters, named `label` in its messages ("Biography is
 * required"), refused with `markdownProblems`' messages when it holds what the site will not show.
 */
export function markdownText({ max, label }: { max: number; label: string }) {
  return z
    .string(`${label} is required`)
    .refine(isStorableText, { error: unstorableMessage, abort: true })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be ${max} characters or fewer`)
    .superRefine((value, context) => {
      for (const message of markdownProblems(value)) context.addIssue({ code: "custom", message });
    });
}
