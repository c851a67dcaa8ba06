import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { isbot } from "isbot";
import { pagePathOf } from "~/lib/route-data-url";
import { createOriginReader } from "./sources.server";
import type { VisitTally } from "./tally.server";

/**
 * The header nginx's mirror of a prerendered page's request carries (deploy/nginx.conf): nginx
 * answered the page from disk, and this instance only counts it, answering 204.
 */
export const viewMirrorHeader = "x-aquila-view";

/**
 * Whether a request is a person's view that may be counted: not a program (isbot, or no browser
 * name at all), not a page fetched ahead of time that may never be seen (prefetch, prerender), and
 * not from a browser whose user asked not to be counted (Global Privacy Control, Do Not Track).
 */
export function mayCount(headers: IncomingHttpHeaders): boolean {
  const agent = headers["user-agent"];
  if (!agent || isbot(agent)) return false;
  if (headers["sec-gpc"] === "1" || headers.dnt === "1") return false;
  const purpose = `${headers["sec-purpose"] ?? ""} ${headers.purpose ?? ""} ${headers["x-purpose"] ?? ""} ${headers["x-moz"] ?? ""}`;
  return !/prefetch|prerender|preview/i.test(purpose);
}

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
  const visitOrigin = createOriginReader(ownOrigins);

  /** The public page a request is a view of, or undefined. */
  function pageOf(req: IncomingMessage, path: string): string | undefined {
    if (req.method !== "GET") return undefined;
    const page = pagePathOf(path);
    if (!pages.has(page)) return undefined;
    if (!mayCount(req.headers) || personal(req.headers.cookie)) return undefined;
    return page;
  }

  return {
    /** Called before the request is answered; counts it once the answer is sent, if it is a view. */
    observe(req: IncomingMessage, res: ServerResponse, path: string, search: string) {
      const page = pageOf(req, path);
      if (!page) return;
      res.once("finish", () => {
        if (res.statusCode !== 200 && res.statusCode !== 304) return;
        tally.countView(page, visitOrigin(req.headers.referer, search, req.headers.host));
      });
    },
    /**
     * nginx's copy of a request for a page it served itself: counted as that page's view, and
     * answered 204. Returns false for any other request.
     */
    mirrored(req: IncomingMessage, res: ServerResponse, path: string, search: string): boolean {
      // Only ever a GET of a public page: the header on anything else is ignored, and the request answered as usual.
      if (req.headers[viewMirrorHeader] === undefined || req.method !== "GET" || !pages.has(path)) return false;
      const page = pageOf(req, path);
      if (page) tally.countView(page, visitOrigin(req.headers.referer, search, req.headers.host));
      res.statusCode = 204;
      res.end();
      return true;
    },
  };
}

export type ViewCounter = ReturnType<typeof createViewCounter>;
