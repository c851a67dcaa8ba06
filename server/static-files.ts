import { createHash } from "node:crypto";
import { readFileSync, realpathSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { type Theme, themeFromCookieHeader } from "../app/lib/theme";
import { type HeaderOptions, securityHeaders } from "./security-headers";

/**
 * Serves the build's files and prerendered pages from memory, before Express sees the request.
 * Every file was compressed at build time (gzip and brotli), so nothing is compressed per request.
 */

export interface ManifestFile {
  /** Path relative to the build directory. */
  file: string;
  type: string;
  etag: string;
  /** Hashed asset: never changes under this name. */
  immutable: boolean;
  encodings: Array<"br" | "gzip">;
}

export interface ManifestPage extends ManifestFile {
  scriptHashes: string[];
}

export interface StaticManifest {
  fingerprint: string;
  /** The published content the pages were drawn from (server/content.ts `contentFingerprint`). */
  content?: string;
  files: Record<string, ManifestFile>;
  pages: Record<string, Record<Theme, ManifestPage>>;
}

interface Entry {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  headers: Record<string, string>;
  etag: string;
}

/**
 * One file's answers with their headers laid out once, as the flat [name, value, ...] list that
 * `writeHead` takes as is: setting a dozen headers one by one on every request (each validated
 * and lower-cased by Node) cost about a fifth of the time of a static answer.
 */
export interface Prepared extends Entry {
  identity: string[];
  brHeaders?: string[];
  gzipHeaders?: string[];
  notModified: string[];
}

export function prepare(entry: Entry): Prepared {
  const common = Object.entries({ ETag: entry.etag, ...entry.headers }).flat();
  const withBody = (body: Buffer, encoding?: string) => [
    ...common,
    ...(encoding ? ["Content-Encoding", encoding] : []),
    "Content-Length",
    String(body.length),
  ];
  return {
    ...entry,
    identity: withBody(entry.body),
    brHeaders: entry.br && withBody(entry.br, "br"),
    gzipHeaders: entry.gzip && withBody(entry.gzip, "gzip"),
    notModified: common,
  };
}

/** `coding` or `*` as one item of a list without weights. */
const unweighted = {
  br: /(?:^|,)\s*(?:br|\*)\s*(?=,|$)/i,
  gzip: /(?:^|,)\s*(?:gzip|\*)\s*(?=,|$)/i,
};

/**
 * Whether an Accept-Encoding header takes `coding`: named, or left to `*`, with a weight above 0
 * (`gzip;q=0` refuses it).
 */
export function acceptsEncoding(header: string | undefined, coding: "br" | "gzip"): boolean {
  if (!header) return false;
  // Browsers send plain lists ("gzip, deflate, br, zstd"): one test, as cheap as the header
  // check before weights were read, on a path that answers tens of thousands of requests a second.
  if (!header.includes(";")) return unweighted[coding].test(header);
  let any = false;
  for (const part of header.split(",")) {
    const [name = "", ...parameters] = part.split(";");
    const token = name.trim().toLowerCase();
    if (token !== coding && token !== "*") continue;
    const weight = parameters.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith("q="));
    const taken = weight === undefined || Number(weight.slice(2)) > 0;
    if (token === coding) return taken;
    any = taken;
  }
  return any;
}

/**
 * Answers with a prepared entry: 304 when the client has it, else the smallest encoding it
 * accepts. Headers set on `res` before (Connection: close while shutting down) are kept.
 */
export function sendPrepared(req: IncomingMessage, res: ServerResponse, entry: Prepared) {
  if (req.headers["if-none-match"] === entry.etag) {
    res.writeHead(304, entry.notModified);
    res.end();
    return;
  }
  const accept = req.headers["accept-encoding"];
  let body = entry.body;
  let headers = entry.identity;
  if (entry.brHeaders && acceptsEncoding(accept, "br")) {
    body = entry.br as Buffer;
    headers = entry.brHeaders;
  } else if (entry.gzipHeaders && acceptsEncoding(accept, "gzip")) {
    body = entry.gzip as Buffer;
    headers = entry.gzipHeaders;
  }
  res.writeHead(200, headers);
  res.end(req.method === "HEAD" ? undefined : body);
}

const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".pdf": "application/pdf",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".woff2": "font/woff2",
};

export function contentTypeOf(file: string): string {
  return contentTypes[path.extname(file).toLowerCase()] ?? "application/octet-stream";
}

export function isCompressible(file: string): boolean {
  return /\.(html|js|mjs|css|svg|json|webmanifest|txt|xml)$/i.test(file);
}

export function etagOf(body: Buffer): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

/** A short, file-name-safe id for a configuration fingerprint. */
export function fingerprintId(fingerprint: string): string {
  return createHash("sha256").update(fingerprint).digest("hex").slice(0, 12);
}

export function manifestPath(buildDir: string, fingerprint: string): string {
  return path.join(buildDir, `static-manifest.${fingerprintId(fingerprint)}.json`);
}

export function readManifest(buildDir: string, fingerprint: string): StaticManifest | undefined {
  try {
    return JSON.parse(readFileSync(manifestPath(buildDir, fingerprint), "utf8")) as StaticManifest;
  } catch {
    return undefined;
  }
}

function load(file: string, meta: ManifestFile, headers: Record<string, string>): Entry {
  return {
    body: readFileSync(file),
    br: meta.encodings.includes("br") ? readFileSync(`${file}.br`) : undefined,
    gzip: meta.encodings.includes("gzip") ? readFileSync(`${file}.gz`) : undefined,
    etag: meta.etag,
    headers: {
      "Content-Type": meta.type,
      "Cache-Control": meta.immutable ? "public, max-age=31536000, immutable" : "public, max-age=0, must-revalidate",
      ...headers,
    },
  };
}

export type StaticHandler = ((req: IncomingMessage, res: ServerResponse) => boolean) & {
  /** Whether a file or prerendered page is served at this path (for GET and HEAD). */
  has: (pathname: string) => boolean;
  /**
   * Serves `manifest` from now on: the pages of a republish (server/republish.ts). Everything is
   * read first and then put in place at once, so each request gets the old set or the new one,
   * with its own ETag and CSP.
   */
  replace: (manifest: StaticManifest) => void;
};

interface Served {
  files: Map<string, Prepared>;
  pages: Map<string, Record<Theme, Prepared>>;
  /** The manifest's entry for each file, so a replacement reads again only the files that changed. */
  fileMetas: Map<string, string>;
}

export function createStaticHandler(buildDir: string, manifest: StaticManifest, options: HeaderOptions): StaticHandler {
  const baseHeaders = securityHeaders({}, options);

  const read = (next: StaticManifest, before?: Served): Served => {
    const files = new Map<string, Prepared>();
    const fileMetas = new Map<string, string>();
    for (const [urlPath, meta] of Object.entries(next.files)) {
      const key = JSON.stringify(meta);
      const kept = before?.fileMetas.get(urlPath) === key ? before.files.get(urlPath) : undefined;
      files.set(
        urlPath,
        kept ?? prepare(load(path.join(buildDir, meta.file), meta, { ...baseHeaders, Vary: "Accept-Encoding" })),
      );
      fileMetas.set(urlPath, key);
    }
    // A page is named through its set's link, prerendered/<name>/… (server/prerender.ts), which a
    // republish may swap at any moment: the link is followed once, so all the pages, and each
    // page's compressed copies, come from one set.
    const sets = new Map<string, string>();
    const fromOneSet = (file: string) => {
      const [top = "", name = "", ...rest] = file.split(/[\\/]/);
      const link = path.join(buildDir, top, name);
      const set = sets.get(link) ?? realpathSync(link);
      sets.set(link, set);
      return path.join(set, ...rest);
    };
    const pages = new Map<string, Record<Theme, Prepared>>();
    for (const [urlPath, variants] of Object.entries(next.pages)) {
      const byTheme = {} as Record<Theme, Prepared>;
      for (const [theme, meta] of Object.entries(variants) as Array<[Theme, ManifestPage]>) {
        const entry = load(fromOneSet(meta.file), meta, {
          ...securityHeaders({ hashes: meta.scriptHashes }, options),
          // The theme cookie picks the variant, so caches must key on it.
          Vary: "Accept-Encoding, Cookie",
          "Cache-Control": "no-cache",
        });
        // The tag of the bytes read: it names what is sent even when another process sharing the
        // build swapped in a newer set between writing this manifest and this read.
        byTheme[theme] = prepare({ ...entry, etag: etagOf(entry.body) });
      }
      pages.set(urlPath, byTheme);
    }
    return { files, pages, fileMetas };
  };

  let served = read(manifest);
  const serve = (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    let pathname = query === -1 ? url : url.slice(0, query);
    if (pathname.length > 1 && pathname.endsWith("/")) pathname = pathname.slice(0, -1);
    const page = query === -1 ? served.pages.get(pathname) : undefined;
    const entry = page ? page[themeFromCookieHeader(req.headers.cookie)] : served.files.get(pathname);
    if (!entry) return false;
    sendPrepared(req, res, entry);
    return true;
  };
  const has = (pathname: string) =>
    served.files.has(pathname) || served.pages.has(pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname);
  const replace = (next: StaticManifest) => {
    served = read(next, served);
  };
  return Object.assign(serve, { has, replace });
}
