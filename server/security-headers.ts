import type { Config } from "../app/lib/config.server";

/**
 * The headers every response carries, prerendered files included. Scripts are allowed only from
 * our own origin plus either a per-request nonce (server-rendered pages) or the SHA-256 hashes of
 * the inline scripts of a prerendered file. See docs/decisions/002-security-headers.md.
 */
export interface CspSource {
  nonce?: string;
  hashes?: string[];
}

export interface HeaderOptions {
  https: boolean;
  /** Origin of the hosted order form, the one frame this site may embed. */
  frameOrigin?: string;
}

export function headerOptions(config: Config): HeaderOptions {
  return {
    https: config.siteIsHttps,
    frameOrigin: config.orderFormUrl ? new URL(config.orderFormUrl).origin : undefined,
  };
}

export function contentSecurityPolicy(source: CspSource, options: HeaderOptions): string {
  const scripts = ["'self'"];
  if (source.nonce) scripts.push(`'nonce-${source.nonce}'`);
  for (const hash of source.hashes ?? []) scripts.push(`'${hash}'`);
  const directives = [
    "default-src 'self'",
    `script-src ${scripts.join(" ")}`,
    // Inline style attributes come from layout primitives; they cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    `frame-src ${options.frameOrigin ?? "'none'"}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (options.https) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

export function securityHeaders(source: CspSource, options: HeaderOptions): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(source, options),
    "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
  };
}

/** SHA-256 source expressions for every inline script in an HTML document. */
/**
 * Whether a script element's attributes make it a data block (`application/ld+json`, the
 * structured data): the browser never runs one, so CSP does not apply to it (HTML, "prepare the
 * script element", returns for a data block before any CSP check). Leaving it out keeps a page's
 * hashes those of the build's own code, whatever an editor publishes: the CSP nginx sends with a
 * prerendered page stays right without a reload.
 */
function isDataBlock(attributes: string): boolean {
  const type = /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attributes);
  if (!type) return false;
  const value = (type[1] ?? type[2] ?? type[3] ?? "").trim().toLowerCase();
  return !(
    value === "" ||
    value === "module" ||
    /^(?:text|application)\/(?:x-)?(?:javascript|ecmascript)$/.test(value)
  );
}

export async function inlineScriptHashes(html: string): Promise<string[]> {
  const { createHash } = await import("node:crypto");
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const body = match[2] ?? "";
    if (body.length === 0 || isDataBlock(match[1] ?? "")) continue;
    hashes.add(`sha256-${createHash("sha256").update(body, "utf8").digest("base64")}`);
  }
  return [...hashes];
}
