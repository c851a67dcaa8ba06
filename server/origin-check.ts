import type { IncomingHttpHeaders } from "node:http";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * True when a state-changing request comes from another site: its browser says so
 * (`Sec-Fetch-Site`), or its `Origin` is neither SITE_URL nor the host it was sent to.
 * Such requests are refused before any handler runs, so they change nothing.
 */
export function isForeignStateChange(method: string, headers: IncomingHttpHeaders, ownOrigins: string[]): boolean {
  if (safeMethods.has(method.toUpperCase())) return false;
  const fetchSite = headers["sec-fetch-site"];
  if (fetchSite === "cross-site" || fetchSite === "same-site") return true;
  const origin = headers.origin;
  if (origin === undefined) return false;
  return !ownOrigins.includes(origin);
}
