import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { themeFromCookieHeader } from "../app/lib/theme";
import type { CachedRoute } from "../app/route-manifest";
import type { ChangeFeed } from "#db/client.server";
import { type HeaderOptions, inlineScriptHashes, securityHeaders } from "./security-headers";
import { etagOf, prepare, sendPrepared } from "./static-files";
import { prepareTicketed, sendTicketed, ticketPlaces } from "./ticketed-page";

/** How a page request met the cache: a kept copy, none yet, or a render that bypassed it. */
export type PageCacheResult = "hit" | "miss" | "render";

/**
 * The server-rendered public pages (and the public reviews API), as anonymous visitors see them,
 * rendered once per change.
 *
 * A page such as /testimonials reads the database and renders; the HTML changes only when a
 * review is written, published or removed. So the rendered HTML of a page a visitor without a
 * session asked for is kept, compressed once, and served from memory before Express, the way the
 * prerendered pages are, until the database says that a row it shows has changed (`changes`, see
 * ChangeFeed in db/client.server.ts). That works across instances and for writes made by
 * anything, with no time-based staleness. Like the prerendered pages it is served with a CSP
 * listing the SHA-256 of each inline script instead of a nonce, which would otherwise repeat.
 *
 * - Only GET and HEAD (headers only) of the listed paths, and only requests without a cookie that
 *   changes the page (`personal`: a session, a one-time notice); other cookies are ignored. A page
 *   is keyed by the theme and the query parameters its route reads, in a fixed order; any other
 *   parameter is dropped from the address React Router renders, so a key always names one page.
 * - Only the change feed invalidates. A request that may have written (any method but GET, HEAD
 *   and OPTIONS) holds its answer until the feed has counted every write committed before it
 *   ended, so the page it leads to shows its change even where the database's notice is
 *   asynchronous (PostgreSQL); one that wrote nothing the pages show leaves them all in place.
 * - After a change, the first request renders the page again and everyone else gets the copy
 *   before it until that render is in: one render per page and change, whatever the traffic.
 *   Once that render has answered, requests wait the moment its copy takes to compress and get
 *   that copy: the change has been shown, and nobody is sent the copy from before it again. A
 *   change during that render starts another one at once; a render is served as current only if
 *   nothing changed since it began, and a newer render always replaces an older copy.
 * - A key with no copy yet is rendered by each request that asks before the first render is in.
 *   That happens once per page and theme after a start; waiting for another request's render
 *   would tie each waiter to that render's fate (a client that leaves, an answer not kept).
 * - While changes cannot be seen (the PostgreSQL listener is reconnecting), nothing is served
 *   from memory or kept, and what was kept before is set aside: every request renders. If the
 *   database is away meanwhile (`away`, app/lib/database-outage.server.ts), a render could only
 *   fail, so what was set aside is served instead: the pages as they were when the database was
 *   last heard. Once changes are heard again, what was set aside is dropped.
 * - A page with a form carries a ticket in it (app/lib/form-ticket.server.ts): when this visitor
 *   was served it, and its one-time key. Its copy is kept cut at the tickets, and each response
 *   gets new ones from `issueTicket` (server/ticketed-page.ts), so a fill time never counts from
 *   the render.
 */

export interface PageCache {
  /** Answers from the cache when it can; returns false when React Router must render. */
  /**
   * Answers from the cache when it can; returns false when React Router must render. It may also
   * take a request, wait for a copy being kept and then find it gone: it then calls `render`.
   */
  serve(req: IncomingMessage, res: ServerResponse, render: () => void): boolean;
  /** Express middleware, placed after compression: keeps what a cacheable render wrote. */
  capture(req: Request, res: Response, next: NextFunction): void;
  /** Whether `capture` keeps what this request's render writes (so it must be written uncompressed). */
  captures(req: IncomingMessage): boolean;
}

const renderMark = Symbol("page-cache-render");
/** A request `serve` sent to render a page for keeping: what `captures` and `capture` look for. */
type Marked = IncomingMessage & { [renderMark]?: Render };

/** A render of a key that may be kept, and the version of the data it began at. */
interface Render {
  key: string;
  version: number;
  /** Its answer has ended: from then on the copy it may leave is being made (compressed). */
  ended?: boolean;
  /** The copy being made from its answer: how it is sent once kept, or undefined if it is not kept. */
  kept?: Promise<Send | undefined>;
}

/** Answers a request with a kept copy. */
type Send = (req: IncomingMessage, res: ServerResponse) => void;

interface Entry {
  /** The newest render kept, and the version it began at (current if that is still the version). */
  page?: Send;
  version?: number;
  /** The render that brings the page up to date; while it runs, `page` is served in its place. */
  render?: Render;
}

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);
/** Bounds memory when visitors walk many pages (?before=…) or send made-up values of the parameters a page reads. */
const maxEntries = 500;
/** Bounds a key (an address whose parameters make it longer is rendered every time). */
const maxTargetLength = 200;

/**
 * `changes` undefined: the cache is off (PAGE_CACHE=off) and every request renders. `personal`:
 * whether a Cookie header carries something that changes the page for that visitor.
 * `issueTicket`: a new form ticket, for each form of a page answered from memory.
 */
export function createPageCache(
  routes: ReadonlyArray<Pick<CachedRoute, "path" | "query">>,
  options: HeaderOptions,
  changes: Pick<ChangeFeed, "version" | "catchUp" | "resumedAt"> | undefined,
  personal: (cookie: string) => boolean,
  issueTicket: () => string,
  {
    away = () => false,
    observe = () => {},
  }: {
    /** Whether the database is away: then what was kept before the feed was lost is served. */
    away?: () => boolean;
    /** Told what became of each request for a kept route (the metrics, server/metrics.ts). */
    observe?: (route: string, result: PageCacheResult) => void;
  } = {},
): PageCache {
  const queryOf = new Map(routes.map((route) => [route.path, [...route.query].sort()]));
  const entries = new Map<string, Entry>();
  /** The copies kept when changes were last heard, set aside while they cannot be. */
  let setAside: Map<string, Send> | undefined;
  /** The version last seen; undefined while changes cannot be seen. */
  let seen: number | undefined;
  /** Renders begun before this version may predate changes nobody heard of: never kept. */
  let floor: number | undefined;

  /** The current version; undefined: do not use the cache. */
  function current(): number | undefined {
    const version = changes?.version();
    if (version !== seen) {
      // Deaf, heard again (even with no request while deaf), or a database whose count went back:
      // what was kept may have missed a change.
      const resumed = changes?.resumedAt();
      if (
        version === undefined ||
        seen === undefined ||
        version < seen ||
        (resumed !== undefined && floor !== undefined && resumed > floor)
      ) {
        if (version === undefined && seen !== undefined) {
          setAside = new Map();
          for (const [key, entry] of entries) if (entry.page) setAside.set(key, entry.page);
        } else if (version !== undefined) setAside = undefined;
        entries.clear();
        floor = version;
      }
      seen = version;
    }
    return version;
  }

  /** The key of a request the cache may answer, and the address React Router renders for it. */
  function keyOf(req: IncomingMessage): { key: string; target: string; route: string } | undefined {
    const url = req.url ?? "/";
    const queryAt = url.indexOf("?");
    const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
    const names = queryOf.get(pathname);
    if (!names) return undefined;
    const cookie = req.headers.cookie;
    if (cookie && personal(cookie)) return undefined;
    let target = pathname;
    if (queryAt !== -1 && names.length > 0) {
      const given = new URLSearchParams(url.slice(queryAt + 1));
      const read = new URLSearchParams();
      // The route reads each with get(): the first value is the one that counts.
      for (const name of names) {
        const value = given.get(name);
        if (value !== null) read.append(name, value);
      }
      if (read.size > 0) target = `${pathname}?${read.toString()}`;
    }
    if (target.length > maxTargetLength) return undefined;
    return { key: `${themeFromCookieHeader(cookie)} ${target}`, target, route: pathname };
  }

  function entryOf(key: string): Entry {
    let entry = entries.get(key);
    if (!entry) {
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entry = {};
      entries.set(key, entry);
    }
    return entry;
  }

  /**
   * The render is over, kept or not: the next request after a change may start another. An entry
   * left with no page (a render not kept: an error, a client that left) goes, so it never takes
   * the place of a kept page under maxEntries.
   */
  function settle(render: Render) {
    const entry = entries.get(render.key);
    if (entry?.render !== render) return;
    entry.render = undefined;
    if (!entry.page) entries.delete(render.key);
  }

  /** Whether the key already holds a copy from a newer render (then this one is not even compressed). */
  function hasNewer(render: Render) {
    const version = entries.get(render.key)?.version;
    return version !== undefined && version > render.version;
  }

  /** The kept copy's answer: compressed once, with new tickets per response where it has forms. */
  async function keep(body: Buffer, contentType: string): Promise<Send> {
    const text = body.toString("utf8");
    const hashes = await inlineScriptHashes(text);
    const headers = {
      "Content-Type": contentType,
      "Cache-Control": "no-cache",
      Vary: "Accept-Encoding, Cookie",
      ...securityHeaders({ hashes }, options),
    };
    const places = contentType.startsWith("text/html") ? ticketPlaces(text) : [];
    if (places.length > 0) {
      const page = await prepareTicketed(text, places, headers);
      return (req, res) => sendTicketed(req, res, page, issueTicket);
    }
    const [br, gz] = await Promise.all([
      compressBrotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
      compressGzip(body, { level: 6 }),
    ]);
    const page = prepare({ body, br, gzip: gz, etag: etagOf(body), headers });
    return (req, res) => sendPrepared(req, res, page);
  }

  async function store(render: Render, body: Buffer, contentType: string): Promise<Send | undefined> {
    if (hasNewer(render)) return undefined;
    const page = await keep(body, contentType);
    // Checked after compressing: the feed may have been lost meanwhile, or a newer render kept.
    if (current() === undefined || render.version < (floor ?? Infinity) || hasNewer(render)) return undefined;
    const entry = entryOf(render.key);
    entry.version = render.version;
    entry.page = page;
    return page;
  }

  /**
   * Holds the answer of a request that may have written until the change feed has counted what it
   * committed: whoever follows the answer (a redirect, the next click) then asks after the change
   * is known here, and gets a new render rather than the copy from before it. Only the first write
   * or end waits (nothing has been sent before it); the calls made meanwhile follow in order.
   */
  function holdUntilSeen(res: ServerResponse, feed: Pick<ChangeFeed, "catchUp">) {
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    let held: Array<() => void> | undefined;
    let released = false;
    const hold = (call: () => void) => {
      if (!held) {
        held = [];
        const release = () => {
          released = true;
          for (const next of held ?? []) next();
        };
        feed.catchUp().then(release, release);
      }
      held.push(call);
    };
    res.write = ((...args: unknown[]) => {
      if (released) return write(...args);
      hold(() => write(...args));
      return true;
    }) as ServerResponse["write"];
    res.end = ((...args: unknown[]) => {
      if (released) return end(...args);
      hold(() => end(...args));
      return res;
    }) as ServerResponse["end"];
  }

  return {
    serve(req, res, render) {
      if (req.method !== "GET" && req.method !== "HEAD") {
        // OPTIONS is answered before any handler runs: it never writes.
        if (changes && req.method !== "OPTIONS") holdUntilSeen(res, changes);
        return false;
      }
      if (!changes) return false;
      const found = keyOf(req);
      if (!found) return false;
      const version = current();
      if (version === undefined) {
        const page = away() ? setAside?.get(found.key) : undefined;
        observe(found.route, page ? "hit" : "miss");
        if (!page) return false;
        page(req, res);
        return true;
      }
      const entry = entries.get(found.key);
      const rendering = entry?.render?.version === version ? entry.render : undefined;
      if (entry?.page && (entry.version === version || (rendering && !rendering.ended))) {
        observe(found.route, "hit");
        entry.page(req, res);
        return true;
      }
      // Rendered from the address the key names, so what is kept is the same page for everyone with this key.
      req.url = found.target;
      // A HEAD answer has no body to keep: it renders for itself, and the next GET brings the page up to date.
      if (req.method === "HEAD") {
        observe(found.route, "miss");
        return false;
      }
      // The current render has answered and its copy is being made: someone may have read the
      // change in it, and the copy before it would take it back. Wait the moment it takes to
      // compress, and send the new copy; one that is not kept after all leaves this to render.
      if (rendering?.ended && rendering.kept) {
        observe(found.route, "hit");
        rendering.kept.then(
          (send) => (send ? send(req, res) : render()),
          () => render(),
        );
        return true;
      }
      observe(found.route, "render");
      const made: Render = { key: found.key, version };
      entryOf(found.key).render = made;
      (req as Marked)[renderMark] = made;
      // A render whose client left before it ended is not coming.
      res.once("close", () => {
        if (!made.ended) settle(made);
      });
      return false;
    },

    captures(req) {
      return (req as Marked)[renderMark] !== undefined;
    },

    capture(req, res, next) {
      const render = (req as unknown as Marked)[renderMark];
      if (!render) return next();
      const chunks: Buffer[] = [];
      const keep = (chunk: unknown, encoding?: unknown) => {
        if (typeof chunk === "string")
          chunks.push(Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
        else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
      };
      const write = res.write.bind(res) as (...args: unknown[]) => boolean;
      const end = res.end.bind(res) as (...args: unknown[]) => Response;
      res.write = ((chunk: unknown, ...rest: unknown[]) => {
        keep(chunk, rest[0]);
        return write(chunk, ...rest);
      }) as Response["write"];
      res.end = ((chunk?: unknown, ...rest: unknown[]) => {
        render.ended = true;
        if (typeof chunk !== "function") keep(chunk, rest[0]);
        const contentType = String(res.getHeader("Content-Type") ?? "");
        if (
          res.statusCode === 200 &&
          !res.getHeader("Set-Cookie") &&
          /^(text\/html|application\/json)/.test(contentType)
        ) {
          render.kept = store(render, Buffer.concat(chunks), contentType).catch(() => undefined);
          void render.kept.finally(() => settle(render));
        } else {
          settle(render);
        }
        return end(chunk, ...rest);
      }) as Response["end"];
      next();
    },
  };
}
