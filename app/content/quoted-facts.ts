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
import { fillMarkers } from "~/lib/markers";
import { commitments, company, regulatory } from "./site";

/**
 * Each fact a text may quote, and its value now. What the admin calls each one is in
 * quoted-fact-labels.ts, which only the schemas read: the pages need the values alone.
 */
const facts = {
  emailResponse: () => company.emailResponse,
  hours: () => company.hours.long,
  phone: () => company.phone.display,
  productResponse: () => company.productResponse,
  consultationWithin: () => company.consultationWithin,
  companyName: () => company.name,
  founded: () => String(company.founded),
  usersWorldwide: () => company.usersWorldwide,
  guaranteeDays: () => String(commitments.guaranteeDays),
  warrantyMonths: () => String(commitments.warrantyMonths),
  classification: () => regulatory.classification,
} satisfies Record<string, () => string>;

export type FactName = keyof typeof facts;

export const factNames = Object.keys(facts) as FactName[];

export function isFactName(name: string): name is FactName {
  return Object.hasOwn(facts, name);
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
  return fillMarkers(text, (name) =>
    isFactName(name) ? facts[name]() : Object.hasOwn(own, name) ? own[name] : undefined,
  );
}
