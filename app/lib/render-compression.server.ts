import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import Negotiator from "negotiator";

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
 * or gzip; undefined otherwise (no header, deflate or identity preferred, or everything refused),
 * and the middleware decides as before. It asks the same negotiator the same question
 * (compression 1.8: these encodings, br then gzip preferred on a tie).
 */
export function renderEncoding(acceptEncoding: string | null | undefined): RenderEncoding | undefined {
  if (!acceptEncoding) return undefined;
  const negotiator = new Negotiator({ headers: { "accept-encoding": acceptEncoding } });
  // negotiator 0.6.4 takes the preferred order as a second argument; its published types predate it.
  const encoding = negotiator.encoding.bind(negotiator) as (
    available: string[],
    preferred: string[],
  ) => string | undefined;
  const chosen = encoding(["br", "gzip", "deflate", "identity"], ["br", "gzip"]);
  return chosen === "br" || chosen === "gzip" ? chosen : undefined;
}

export function compressRender(body: Uint8Array, encoding: RenderEncoding): Buffer<ArrayBuffer> {
  return encoding === "br"
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: renderBrotliQuality,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
        },
      })
    : gzipSync(body, { level: renderGzipLevel });
}
