import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, isRouteErrorResponse, type RouterContextProvider, ServerRouter } from "react-router";
import { databaseAway, noteDatabaseError, outageRetryAfterSeconds } from "./lib/database-outage.server";
import { deferHydration } from "./lib/defer-hydration.server";
import { log } from "./lib/logger.server";
import { compressRender, type RenderEncoding } from "./lib/render-compression.server";
import { LoadsScriptsContext } from "./lib/loads-scripts";
import { NonceContext } from "./lib/nonce";
import { isHydrated } from "./route-manifest";

export const streamTimeout = 5_000;

/** The compression middleware's threshold: a smaller body is sent as it is. */
const minCompressedBytes = 1024;

// What the Express host puts on each request's context (server/app.ts), beside what middleware sets.
declare module "react-router" {
  interface RouterContextProvider {
    /** CSP nonce for this response's inline scripts; undefined when prerendering. */
    nonce?: string;
    /** The visitor's address (from the proxy header when TRUST_PROXY is set), for rate limits. */
    clientIp?: string;
    /**
     * The encoding to compress the rendered document with here, in one call (see
     * lib/render-compression.server.ts); undefined: the compression middleware decides.
     */
    compressWith?: RenderEncoding;
    /**
     * Renders a public page as an anonymous visitor would get it, straight from React Router
     * (never from the page cache): a staff member's preview of a draft renders through this.
     */
    renderPage?: (request: Request) => Promise<Response>;
  }
}

/**
 * Renders the whole document before sending it: pages are small and fast to render, a complete
 * document is what the prerender step hashes for the CSP, and React starts after the first paint
 * (see lib/defer-hydration.server.ts).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = loadContext?.nonce;
  // A page that failed while the database is away is unavailable, not broken: 503, and when to
  // ask again (handleError below has seen its error by now).
  const unavailable = responseStatusCode >= 500 && databaseAway();
  if (unavailable) responseHeaders.set("Retry-After", String(outageRetryAfterSeconds));
  return new Promise<Response>((resolve, reject) => {
    let statusCode = unavailable ? 503 : responseStatusCode;
    // Cleared once the document is complete: a pending timer would keep the whole render (its
    // tree, its chunks and the loader data) alive for seconds after the answer left.
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <LoadsScriptsContext.Provider value={isHydrated}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </LoadsScriptsContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        // The document goes out whole (onAllReady), so nothing is gained by React's progressive
        // chunks, and a large Suspense boundary's content would otherwise be sent hidden, after its
        // fallback, for an inline script to swap in: without JavaScript the fallback ("Loading
        // admin panel...") would stay for good.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          clearTimeout(timeout);
          const chunks: Buffer[] = [];
          const document = new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
            final(done) {
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              // Bytes throughout: decoding the whole document to a string and encoding it again
              // (with a string body's check for lone surrogates) cost more than the rewrite itself.
              let html = deferHydration(Buffer.concat(chunks));
              const encoding = request.method === "HEAD" ? undefined : loadContext?.compressWith;
              if (encoding && html.byteLength >= minCompressedBytes) {
                html = compressRender(html, encoding);
                // The compression middleware leaves an encoded body alone (and adds the Vary).
                responseHeaders.set("Content-Encoding", encoding);
              }
              resolve(new Response(html, { headers: responseHeaders, status: statusCode }));
              done();
            },
          });
          pipe(document);
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          statusCode = 500;
          if (!request.signal.aborted) log.error("render failed", { error, url: withoutQuery(request.url) });
        },
      },
    );
  });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  // A 4xx (a method or address the client got wrong) is the client's mistake, not ours.
  if (isRouteErrorResponse(error) && error.status < 500) {
    log.info("request refused", { status: error.status, method: request.method, url: withoutQuery(request.url) });
    return;
  }
  if (noteDatabaseError(error)) {
    log.warn("request failed: the database is away", { url: withoutQuery(request.url), error: String(error) });
    return;
  }
  log.error("request failed", { error, url: withoutQuery(request.url) });
}

/** A URL for the log: its query string can hold what someone typed (an email address searched for), so it stays out (/privacy). */
function withoutQuery(url: string): string {
  const query = url.indexOf("?");
  return query === -1 ? url : `${url.slice(0, query)}?…`;
}
