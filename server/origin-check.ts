import type { IncomingHttpHeaders } from "node:http";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * True when a state-changing request comes from another site: its browser says so
 * (`Sec-Fetch-Site`), or its `Origin` is neither SITE_URL nor the host it was sent to, or, with
 * no `Origin` (an older browser, or one that leaves it out), its `Referer` is another site's page.
 * A request with neither (an API client, a form posted with `Referrer-Policy: no-referrer`) is
 * allowed as before. Such requests are refused before any handler runs, so they change nothing.
 */
export function isForeignStateChange(method: string, headers: IncomingHttpHeaders, ownOrigins: string[]): boolean {
  if (safeMethods.has(method.toUpperCase())) return false;
  const fetchSite = headers["sec-fetch-site"];
  if (fetchSite === "cross-site" || fetchSite === "same-site") return true;
  const origin = headers.origin;
  if (origin !== undefined) return !ownOrigins.includes(origin);
  const referer = headers.referer;
  if (referer === undefined) return false;
  return !ownOrigins.includes(originOf(referer));
}

/** The origin of a Referer's address; one that is not an address is no page of this site. */
function originOf(address: string): string {
  try {
    return new URL(address).origin;
  } catch {
    return "null";
  }
}
