import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/**
 * Compression of a document rendered for one request.
 *
 * Such a document is complete before it is sent (see entry.server.tsx), so it is compressed in
 * one synchronous call instead of through the compression middleware's zlib stream, which cost
 * about twice as much CPU for the same bytes. The levels are low because the work is done on
 * every request (kept pages and static files are compressed once, at higher levels); the
 * middleware uses the same levels for what it still compresses.
 */
export const renderGzipLevel = 3;
export const renderBrotliQuality = 3;

export type RenderEncoding = "br" | "gzip";

/**
 * The encoding the compression middleware would choose for this Accept-Encoding, when it is br
 * or gzip; undefined otherwise (no header, only deflate, identity preferred, or everything
 * refused), and the middleware decides as before. Like it, the higher q wins and br wins a tie.
 */
export function renderEncoding(acceptEncoding: string | null | undefined): RenderEncoding | undefined {
  if (!acceptEncoding) return undefined;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const quality = params.map((p) => /^\s*q\s*=(.*)$/.exec(p)?.[1]).find((v) => v !== undefined);
    const value = quality === undefined ? 1 : Number.parseFloat(quality);
    if (!Number.isFinite(value)) continue;
    q.set(name.trim(), Math.max(q.get(name.trim()) ?? -1, value));
  }
  const any = q.get("*");
  const of = (name: string) => q.get(name) ?? any ?? 0;
  const br = of("br");
  const gzip = of("gzip");
  const best = Math.max(br, gzip);
  if (best <= 0) return undefined;
  // Deflate or identity asked for above both: the middleware sends that, as before.
  if (of("deflate") > best || (q.get("identity") ?? any ?? 0) > best) return undefined;
  return br >= gzip ? "br" : "gzip";
}

export function compressRender(body: Uint8Array, encoding: RenderEncoding): Buffer<ArrayBuffer> {
  return encoding === "br"
    ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: renderBrotliQuality, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } })
    : gzipSync(body, { level: renderGzipLevel });
}
