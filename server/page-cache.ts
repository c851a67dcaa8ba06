import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { themeFromCookieHeader } from "../app/lib/theme";
import type { ChangeFeed } from "../db/client.server";
import { type HeaderOptions, inlineScriptHashes, securityHeaders } from "./security-headers";
import { etagOf, type Prepared, prepare, sendPrepared } from "./static-files";

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
 * - Only GET, only the listed paths, only 200 answers without Set-Cookie, and only requests whose
 *   cookies are at most the theme (a session, or anything else, always goes to React Router).
 * - A render is kept only if nothing changed while it ran (the version it began with is still
 *   current), so a render that read the database just before a write is never kept after it.
 * - While changes cannot be seen (the PostgreSQL listener is reconnecting), nothing is served
 *   from memory or kept: every request renders.
 * - A state-changing request through this process that succeeds empties the cache when it ends,
 *   so its own change shows on the next request even before the database's notice arrives.
 */

export interface PageCache {
  /** Answers from the cache when it can; returns false when React Router must render. */
  serve(req: IncomingMessage, res: ServerResponse): boolean;
  /** Express middleware, placed after compression: keeps what a cacheable render wrote. */
  capture(req: Request, res: Response, next: NextFunction): void;
  /** Whether `capture` keeps what this request's render writes (so it must be written uncompressed). */
  captures(req: IncomingMessage): boolean;
}

const storeMark = Symbol("page-cache-key");
/** A request `serve` marked for keeping: what `captures` and `capture` look for. */
type Marked = IncomingMessage & { [storeMark]?: StoreMark };

/** What a request that may fill the cache carries: its key, and the versions when it began. */
interface StoreMark {
  key: string;
  version: number;
  local: number;
}
const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);
/** Bounds memory when visitors walk many pages (?page=N) or send made-up query strings. */
const maxEntries = 500;

/** `changes` undefined: the cache is off (PAGE_CACHE=off) and every request renders. */
export function createPageCache(paths: string[], options: HeaderOptions, changes: Pick<ChangeFeed, "version"> | undefined): PageCache {
  const cacheable = new Set(paths);
  const entries = new Map<string, Prepared>();
  /** The database's version the entries were rendered at. */
  let seen: number | undefined;
  /** Counts the state-changing requests through this process (their own change may not be announced yet). */
  let local = 0;

  /** The current version, emptying the cache when it has moved; undefined: do not use the cache. */
  function current(): number | undefined {
    const version = changes?.version();
    if (version !== seen) {
      entries.clear();
      seen = version;
    }
    return version;
  }

  function keyOf(req: IncomingMessage): string | undefined {
    if (!changes || req.method !== "GET") return undefined;
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    const pathname = query === -1 ? url : url.slice(0, query);
    if (!cacheable.has(pathname) || url.length > 200) return undefined;
    const cookie = req.headers.cookie;
    if (cookie && cookie.split(";").some((part) => part.trim().split("=")[0] !== "theme")) return undefined;
    return `${themeFromCookieHeader(cookie)} ${url}`;
  }

  async function store({ key, version, local: renderedIn }: StoreMark, body: Buffer, contentType: string) {
    // Something changed while this page rendered (checked before and after compressing it): it may show the old state.
    const stale = () => current() !== version || renderedIn !== local;
    if (stale()) return;
    const [hashes, br, gz] = await Promise.all([
      inlineScriptHashes(body.toString("utf8")),
      compressBrotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
      compressGzip(body, { level: 6 }),
    ]);
    if (stale()) return;
    if (entries.size >= maxEntries && !entries.has(key)) entries.delete(entries.keys().next().value as string);
    entries.set(
      key,
      prepare({
        body,
        br,
        gzip: gz,
        etag: etagOf(body),
        headers: {
          "Content-Type": contentType,
          "Cache-Control": "no-cache",
          Vary: "Accept-Encoding, Cookie",
          ...securityHeaders({ hashes }, options),
        },
      }),
    );
  }

  return {
    serve(req, res) {
      if (req.method !== "GET" && req.method !== "HEAD") {
        local++;
        res.once("finish", () => {
          if (res.statusCode >= 400) return;
          local++;
          entries.clear();
        });
      }
      const key = keyOf(req);
      if (!key) return false;
      const version = current();
      if (version === undefined) return false;
      const page = entries.get(key);
      if (page) {
        sendPrepared(req, res, page);
        return true;
      }
      (req as Marked)[storeMark] = { key, version, local };
      return false;
    },

    captures(req) {
      return (req as Marked)[storeMark] !== undefined;
    },

    capture(req, res, next) {
      const mark = (req as unknown as Marked)[storeMark];
      if (!mark) return next();
      const chunks: Buffer[] = [];
      const keep = (chunk: unknown, encoding?: unknown) => {
        if (typeof chunk === "string") chunks.push(Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
        else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
      };
      const write = res.write.bind(res) as (...args: unknown[]) => boolean;
      const end = res.end.bind(res) as (...args: unknown[]) => Response;
      res.write = ((chunk: unknown, ...rest: unknown[]) => {
        keep(chunk, rest[0]);
        return write(chunk, ...rest);
      }) as Response["write"];
      res.end = ((chunk?: unknown, ...rest: unknown[]) => {
        if (typeof chunk !== "function") keep(chunk, rest[0]);
        const contentType = String(res.getHeader("Content-Type") ?? "");
        if (res.statusCode === 200 && !res.getHeader("Set-Cookie") && /^(text\/html|application\/json)/.test(contentType)) {
          void store(mark, Buffer.concat(chunks), contentType).catch(() => entries.delete(mark.key));
        } else {
          entries.delete(mark.key);
        }
        return end(chunk, ...rest);
      }) as Response["end"];
      next();
    },
  };
}
