/**
 * The trust band: the facts that make the cushion safe to buy, as one band of small drawn marks
 * with their words on the home, product and order pages (app/components/content/trust-band.tsx).
 * Its entries are content, edited in the admin (schemas/trust-band.ts); what is written here is
 * what a fresh site shows. An entry that states a fact quotes it by name (quoted-facts.ts), so the
 * band follows a change to the warranty, the guarantee or the classification.
 */
import { defineContent } from "./live";
import { markerNames } from "~/lib/markers";
import { withFacts, withFactsAnd } from "./quoted-facts";
import { coverage } from "./site";

/** The small drawn marks an entry may show, each drawn in the band; never a logo. */
export const trustMarks = ["shield", "check", "code", "bulb", "calendar", "return"] as const;
export type TrustMark = (typeof trustMarks)[number];

/**
 * The name an entry's second line writes the insurance billing code with. The company has not
 * supplied the code yet (`coverage.billingCode`), so a line that quotes it comes with another for
 * until then.
 */
export const billingCodeName = "billingCode";

/** An entry of the band as an editor writes it. */
export interface TrustEntry {
  /** Names the entry on the page; kept once published. */
  id: string;
  mark: TrustMark;
  title: string;
  /** A second line, only where there is one to give. */
  detail?: string;
  /** Where `detail` quotes {billingCode}: the second line while there is no billing code. */
  detailWithoutCode?: string;
}

export const trustBand = defineContent<TrustEntry[]>("trust-band", [
  { id: "fda", mark: "shield", title: "FDA-cleared", detail: "{classification}" },
  { id: "ce", mark: "check", title: "CE marked" },
  {
    id: "insurance",
    mark: "code",
    title: "Insurance coded",
    detail: "Billing code {billingCode}",
    detailWithoutCode: "Ask us for the billing code",
  },
  { id: "patents", mark: "bulb", title: "Two active patents", detail: "Patented technology" },
  { id: "warranty", mark: "calendar", title: "{warrantyMonths}-month warranty", detail: "From the manufacturer" },
  { id: "guarantee", mark: "return", title: "{guaranteeDays}-day guarantee", detail: "Satisfaction guarantee" },
]);

/** An entry of the band as the page shows it. */
export interface TrustSignal {
  id: string;
  mark: TrustMark;
  title: string;
  detail?: string;
}

/** The second line as the page shows it: the billing code's once the code is known, its other until then. */
function shownDetail(entry: TrustEntry): string | undefined {
  if (!entry.detail) return undefined;
  if (!markerNames(entry.detail).includes(billingCodeName)) return withFacts(entry.detail);
  const code = coverage.billingCode.code;
  if (code) return withFactsAnd(entry.detail, { [billingCodeName]: code });
  return entry.detailWithoutCode ? withFacts(entry.detailWithoutCode) : undefined;
}

/** The band's entries as the page shows them, each fact written in. */
export const trustSignals = (): TrustSignal[] =>
  trustBand.map((entry) => {
    const detail = shownDetail(entry);
    return { id: entry.id, mark: entry.mark, title: withFacts(entry.title), ...(detail ? { detail } : {}) };
  });
