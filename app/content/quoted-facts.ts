/**
 * Company facts a content text quotes by name. Where a text states a fact the company facts hold
 * (the Contact page's "Email response in 1-2 business days"), its editor writes the fact's name in
 * braces, "Email response in {emailResponse}", and the page writes the fact in when it is drawn:
 * changing the fact in the company facts changes every text that quotes it, and the words around
 * it stay the editor's. Free wording that merely mentions a fact keeps it as typed
 * (docs/decisions/033-content-in-the-database.md).
 *
 * Read by the public pages (server and browser) and by the schemas that check what an editor
 * writes; it reads the facts' items through their proxies, each time a text is written.
 */
import { commitments, company, regulatory } from "./site";

/** Each fact a text may quote: what its item's form calls it, that item, and its value now. */
const facts = {
  emailResponse: { label: "Reply time for email", item: "Company facts", value: () => company.emailResponse },
  hours: { label: "Opening hours, in full", item: "Company facts", value: () => company.hours.long },
  phone: { label: "Phone, as shown", item: "Company facts", value: () => company.phone.display },
  productResponse: {
    label: "Reply time for product questions",
    item: "Company facts",
    value: () => company.productResponse,
  },
  consultationWithin: {
    label: "Consultation call within",
    item: "Company facts",
    value: () => company.consultationWithin,
  },
  companyName: { label: "Company name", item: "Company facts", value: () => company.name },
  founded: { label: "Year founded", item: "Company facts", value: () => String(company.founded) },
  usersWorldwide: { label: "Users worldwide, as stated", item: "Company facts", value: () => company.usersWorldwide },
  guaranteeDays: {
    label: "Satisfaction guarantee (days)",
    item: "Guarantee, warranty and shipping",
    value: () => String(commitments.guaranteeDays),
  },
  warrantyMonths: {
    label: "Warranty (months)",
    item: "Guarantee, warranty and shipping",
    value: () => String(commitments.warrantyMonths),
  },
  classification: {
    label: "Classification",
    item: "Regulatory status",
    value: () => regulatory.classification,
  },
} satisfies Record<string, { label: string; item: string; value: () => string }>;

export type FactName = keyof typeof facts;

export const factNames = Object.keys(facts) as FactName[];

/** How a text quotes a fact: `{emailResponse}`. */
export const quote = (name: string) => `{${name}}`;

/** What the fact's item's form calls it, for the hints of the fields that quote it. */
export const factLabel = (name: FactName) => facts[name].label;

/** The content item an editor changes the fact in, by its title in the admin. */
export const factItem = (name: FactName) => facts[name].item;

export function isFactName(name: string): name is FactName {
  return Object.hasOwn(facts, name);
}

/** The name inside each pair of braces in `text`, known or not, in order. */
export function namesQuotedIn(text: string): string[] {
  return [...text.matchAll(/\{([^{}]*)\}/g)].map((match) => match[1]!);
}

/** `text` with each fact it quotes written in as the facts' items hold them now. */
export function withFacts(text: string): string {
  return withFactsAnd(text, {});
}

/**
 * `text` with its facts written in, and the value of each further name its field takes beside them
 * (`own`, such as the trust band's {billingCode}).
 */
export function withFactsAnd(text: string, own: Readonly<Record<string, string>>): string {
  return text.replace(/\{([^{}]*)\}/g, (quoted, name: string) =>
    isFactName(name) ? facts[name].value() : Object.hasOwn(own, name) ? own[name]! : quoted,
  );
}
