/**
 * Company facts a content text quotes by name. Where a text states a fact the company facts hold
 * (the Contact page's "Email response in 1-2 business days"), its editor writes the fact's name in
 * braces, "Email response in {emailResponse}", and the page writes the fact in when it is drawn:
 * changing the fact in the company facts changes every text that quotes it, and the words around
 * it stay the editor's. Free wording that merely mentions a fact keeps it as typed
 * (docs/decisions/033-content-in-the-database.md).
 *
 * Read by the public pages (server and browser) and by the schemas that check what an editor
 * writes; it reads the company facts through their proxy, each time a text is written.
 */
import { company } from "./site";

/** Each fact a text may quote: what the company facts' form calls it, and its value now. */
const facts = {
  emailResponse: { label: "Reply time for email", value: () => company.emailResponse },
  hours: { label: "Opening hours, in full", value: () => company.hours.long },
  consultationWithin: { label: "Consultation call within", value: () => company.consultationWithin },
} satisfies Record<string, { label: string; value: () => string }>;

export type FactName = keyof typeof facts;

export const factNames = Object.keys(facts) as FactName[];

/** How a text quotes a fact: `{emailResponse}`. */
export const quote = (name: FactName) => `{${name}}`;

/** What the company facts' form calls a fact, for the hints of the fields that quote it. */
export const factLabel = (name: FactName) => facts[name].label;

export function isFactName(name: string): name is FactName {
  return Object.hasOwn(facts, name);
}

/** The name inside each pair of braces in `text`, known or not, in order. */
export function namesQuotedIn(text: string): string[] {
  return [...text.matchAll(/\{([^{}]*)\}/g)].map((match) => match[1]!);
}

/** `text` with each fact it quotes written in as the company facts hold it now. */
export function withFacts(text: string): string {
  return text.replace(/\{([^{}]*)\}/g, (quoted, name: string) => (isFactName(name) ? facts[name].value() : quoted));
}
