import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { themeFromCookieHeader } from "../app/lib/theme";
import { type HeaderOptions, inlineScriptHashes, securityHeaders } from "./security-headers";
import { choose, etagOf } from "./static-files";

/**
 * A short-lived cache of the server-rendered public pages (and the public reviews API), as
 * anonymous visitors see them.
 *
 * A page such as /testimonials reads the database and renders on every request; under load that
 * is most of the server's time, for HTML that changes only when staff publish or remove a review.
 * So the rendered HTML of a page a visitor without a session asked for is kept for `ttlMs`,
 * compressed once, and served from memory before Express, the way the prerendered pages are.
 * Like them it is served with a CSP listing the SHA-256 of each inline script instead of a nonce,
 * which would otherwise repeat across responses.
 *
 * - Only GET, only the listed paths, only 200 answers without Set-Cookie, and only requests whose
 *   cookies are at most the theme (a session, or anything else, always goes to React Router).
 * - Any state-changing request through this process empties the cache when it starts and again
 *   when it ends, and a page whose render began before that end is not kept, so a change made here
 *   is visible here at once, even to a render that read the database before it; other instances
 *   see it within `ttlMs`.
 * - When an entry is stale, one request renders it again while the others get the stale copy,
 *   so an expiry under load costs one render, not one per waiting visitor.
 */

interface CachedPage {
  body: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
  headers: Record<string, string>;
  storedAt: number;
  /** When a request began rendering this page again (0: none is); a render that never finishes is retried after 10 s. */
  refreshingSince: number;
}

export interface PageCache {
  /** Answers from the cache when it can; returns false when React Router must render. */
  serve(req: IncomingMessage, res: ServerResponse): boolean;
  /** Express middleware, placed after compression: keeps what a cacheable render wrote. */
  capture(req: Request, res: Response, next: NextFunction): void;
}

const storeMark = Symbol("page-cache-key");

/** What a request that may fill the cache carries: its key, and the cache's generation when it began. */
interface StoreMark {
  key: string;
  generation: number;
}
const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);
/** Bounds memory when visitors walk many pages (?page=N) or send made-up query strings. */
const maxEntries = 500;

export function createPageCache(paths: string[], options: HeaderOptions, ttlMs: number, now = () => Date.now()): PageCache {
  const cacheable = new Set(paths);
  const entries = new Map<string, CachedPage>();
  /** Counts the changes made through this process; a render from an older generation may be stale. */
  let generation = 0;
  function forget() {
    entries.clear();
    generation++;
  }

  function keyOf(req: IncomingMessage): string | undefined {
    if (ttlMs <= 0 || req.method !== "GET") return undefined;
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    const pathname = query === -1 ? url : url.slice(0, query);
    if (!cacheable.has(pathname) || url.length > 200) return undefined;
    const cookie = req.headers.cookie;
    if (cookie && cookie.split(";").some((part) => part.trim().split("=")[0] !== "theme")) return undefined;
    return `${themeFromCookieHeader(cookie)} ${url}`;
  }

  function send(req: IncomingMessage, res: ServerResponse, page: CachedPage) {
    for (const [name, value] of Object.entries(page.headers)) res.setHeader(name, value);
    res.setHeader("ETag", page.etag);
    if (req.headers["if-none-match"] === page.etag) {
      res.statusCode = 304;
      res.end();
      return;
    }
    const { body, encoding } = choose(page, String(req.headers["accept-encoding"] ?? ""));
    if (encoding) res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", body.length);
    res.statusCode = 200;
    res.end(body);
  }

  async function store({ key, generation: renderedIn }: StoreMark, body: Buffer, contentType: string) {
    const [hashes, br, gz] = await Promise.all([
      inlineScriptHashes(body.toString("utf8")),
      compressBrotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
      compressGzip(body, { level: 6 }),
    ]);
    // A change was made through this process while this page rendered: it may show the old state.
    if (renderedIn !== generation) return;
    if (entries.size >= maxEntries && !entries.has(key)) entries.delete(entries.keys().next().value as string);
    entries.set(key, {
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
      storedAt: now(),
      refreshingSince: 0,
    });
  }

  return {
    serve(req, res) {
      if (req.method !== "GET" && req.method !== "HEAD") {
        forget();
        res.once("finish", forget);
      }
      const key = keyOf(req);
      if (!key) return false;
      const page = entries.get(key);
      if (page && (now() - page.storedAt < ttlMs || now() - page.refreshingSince < 10_000)) {
        send(req, res, page);
        return true;
      }
      if (page) page.refreshingSince = now();
      (req as IncomingMessage & { [storeMark]?: StoreMark })[storeMark] = { key, generation };
      return false;
    },

    capture(req, res, next) {
      const mark = (req as unknown as { [storeMark]?: StoreMark })[storeMark];
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
