import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { isbot } from "isbot";
import { pagePathOf } from "~/lib/route-data-url";
import { createOriginReader } from "./sources.server";
import type { VisitTally } from "./tally.server";
import type { LoggedView } from "./view-log.server";

/** The purposes of a request for a page fetched ahead of time, which may never be seen (nginx applies it too, server/nginx.ts). */
export const aheadPurposes = /prefetch|prerender|preview/i;

/**
 * Whether a request is a person's view that may be counted: not a program (isbot, or no browser
 * name at all), not a page fetched ahead of time that may never be seen (prefetch, prerender), and
 * not from a browser whose user asked not to be counted (Global Privacy Control, Do Not Track).
 */
export function mayCount(headers: IncomingHttpHeaders): boolean {
  const agent = headers["user-agent"];
  if (!agent || isProgram(agent)) return false;
  if (headers["sec-gpc"] === "1" || headers.dnt === "1") return false;
  const purpose = headers["sec-purpose"] ?? headers.purpose ?? headers["x-purpose"] ?? headers["x-moz"];
  if (purpose === undefined) return true;
  const all = `${headers["sec-purpose"] ?? ""} ${headers.purpose ?? ""} ${headers["x-purpose"] ?? ""} ${headers["x-moz"] ?? ""}`;
  return !aheadPurposes.test(all);
}

/**
 * `compute`, remembered for the last few hundred keys: browsers send the same few names and
 * referrers again and again, and a page answered from memory takes about 35 µs, which isbot's
 * pattern (about 2 µs) and reading a referrer would otherwise add to every time. A flood of new
 * keys only empties it.
 */
function remembered<T>(compute: (key: string) => T, limit = 500): (key: string) => T {
  const kept = new Map<string, T>();
  // The last key, compared before the map is asked: a comparison of two strings costs less than
  // working out the hash of a new one (each request's header is a new string).
  let lastKey: string | undefined;
  let lastValue: T | undefined;
  return (key) => {
    if (key === lastKey) return lastValue as T;
    let value = kept.get(key);
    if (value === undefined) {
      value = compute(key);
      if (kept.size >= limit) kept.clear();
      kept.set(key, value);
    }
    lastKey = key;
    lastValue = value;
    return value;
  };
}

const isProgram = remembered(isbot);

/**
 * Counts views of public pages as they are answered, whichever way (a prerendered file, a kept
 * page, a render, the data request of a page the router moves to): a GET of a page answered 200
 * or 304 is one view. `pages`: the public pages' paths (the route manifest's). `personal`: a
 * cookie that makes the request a staff member's, which is not counted.
 */
export function createViewCounter({
  pages,
  ownOrigins,
  tally,
  personal,
}: {
  pages: ReadonlySet<string>;
  ownOrigins: readonly string[];
  tally: VisitTally;
  personal: (cookie: string | undefined) => boolean;
}) {
  const readOrigin = createOriginReader(ownOrigins);
  const direct = readOrigin(undefined, "");
  // Most views have no query: their origin depends on the referrer alone, and on the Host only
  // when the referrer is a site of its own name (the site reached by another name than SITE_URL).
  const byReferer = remembered((referer: string) => {
    let host = "";
    try {
      host = new URL(referer).host.toLowerCase();
    } catch {
      // Not an address: read as direct below.
    }
    return { origin: readOrigin(referer, ""), host };
  });
  const byAll = remembered((key: string) => {
    const [referer, search, host] = key.split("\n");
    return readOrigin(referer || undefined, search ?? "", host || undefined);
  });
  function visitOrigin(referer: string | undefined, search: string, host: string | undefined) {
    if (search !== "") return byAll(`${referer ?? ""}\n${search}\n${host ?? ""}`);
    if (!referer) return direct;
    const known = byReferer(referer);
    if (known.origin !== "internal" && known.origin.channel === "site" && known.host === host?.toLowerCase())
      return "internal";
    return known.origin;
  }

  function count(req: IncomingMessage, res: ServerResponse, page: string, search: string) {
    if (res.statusCode !== 200 && res.statusCode !== 304) return;
    tally.countView(page, visitOrigin(req.headers.referer, search, req.headers.host));
  }

  /** The public page a request is a view of, or undefined. */
  function pageOf(req: IncomingMessage, path: string): string | undefined {
    if (req.method !== "GET") return undefined;
    const page = pagePathOf(path);
    if (!pages.has(page)) return undefined;
    if (!mayCount(req.headers) || personal(req.headers.cookie)) return undefined;
    return page;
  }

  return {
    /**
     * Called once the request has been handed to what answers it: counts it if it is a view, at
     * once for an answer already sent (a file, a kept page), or when a render's answer is sent.
     */
    answered(req: IncomingMessage, res: ServerResponse, path: string, search: string) {
      const page = pageOf(req, path);
      if (!page) return;
      if (res.writableEnded) count(req, res, page, search);
      else res.once("finish", () => count(req, res, page, search));
    },
    /**
     * A view of a page nginx served from disk, read from its log (app/lib/visits/view-log.server.ts):
     * nginx has applied mayCount's rules, and the line holds only the referrer's host.
     */
    logged(view: LoggedView) {
      if (!pages.has(view.path)) return;
      tally.countView(
        view.path,
        visitOrigin(view.from ? `https://${view.from}/` : undefined, view.search, view.host),
        view.at,
      );
    },
  };
}
