import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { constants as zlibConstants } from "node:zlib";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import { createRequestHandler as createRouterHandler, RouterContextProvider } from "react-router";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import * as build from "virtual:react-router/server-build";
import { type Config, getConfig, renderFingerprint } from "../app/lib/config.server";
import {
  closeDatabase,
  getDatabase,
  migrateDatabase,
  onDatabaseConnectionLost,
  onDatabaseTimeout,
} from "../app/lib/db.server";
import { log } from "../app/lib/logger.server";
import { within } from "../app/lib/within";
import { databaseTimeouts, metricsRegistry } from "../app/lib/metrics.server";
import {
  checkDatabaseNow,
  databaseAway,
  isDatabaseUnavailable,
  outageMessage,
  outageRetryAfterSeconds,
} from "../app/lib/database-outage.server";
import { ensureBuiltInAccount } from "../app/features/auth/account-creation.server";
import { hasSessionCookie } from "../app/features/auth/sessions.server";
import { firstOwnerUsername, inviteFirstOwner } from "../app/features/auth/invitations.server";
import { deliveryKinds } from "../app/deliveries.server";
import { personalDataSources } from "../app/personal-data.server";
import { purgeExpiredData } from "../app/lib/personal-data.server";
import { startDeliveryWorker } from "../app/lib/outbox/delivery.server";
import { bodyLimitFor, bodyTooLargeMessage, bodyTooLargeMessageFor } from "../app/lib/request.server";
import { renderBrotliQuality, renderEncoding, renderGzipLevel } from "../app/lib/render-compression.server";
import { cachedRoutes, siteRoutes } from "../app/route-manifest";
import { purgeOldCounts, startVisitCounting, visitTally } from "../app/lib/visits/tally.server";
import { followViewLog } from "../app/lib/visits/view-log.server";
import { createViewCounter } from "../app/lib/visits/views.server";
import { flashFromCookieHeader } from "../app/lib/flash.server";
import { purgeIdempotencyKeys } from "../app/lib/idempotency.server";
import { formTickets } from "../app/lib/form-ticket.server";
import { purgeSignInFailures } from "../app/features/auth/sign-in-limits.server";
import { purgeHeldPosts } from "../app/features/auth/held-posts.server";
import { pagePathOf } from "../app/lib/route-data-url";
import { purgeRateLimits } from "../app/lib/rate-limit.server";
import { createMethodTable, type PathInfo } from "./allowed-methods";
import { startMetrics } from "./metrics";
import { isForeignStateChange } from "./origin-check";
import { contentFingerprint, contentForRender, startContent } from "./content";
import { createPageCache, type PageCache } from "./page-cache";
import { createReadiness } from "./readiness";
import {
  nginxErrorDir,
  nginxErrorPagesConfig,
  nginxErrorStatuses,
  nginxPagesConfig,
  nginxViewsConfig,
  nginxStaticHeadersConfig,
} from "./nginx";
import { makePublicDir, prerenderSite, writePublicFile } from "./prerender";
import { republishPages } from "./republish";
import { headerOptions, securityHeaders } from "./security-headers";
import { serveUploads } from "./uploads";
import { createStaticHandler, readManifest, type StaticHandler, type StaticManifest } from "./static-files";

import { dateUndatedLeads } from "../app/lib/reply-promises.server";
import { leadKinds } from "../app/lead-kinds.server";
import { answerHandler } from "../app/features/leads/answers.server";
import { startMailboxWorker } from "../app/lib/mailbox/reader.server";
import { purgeOldDigests, startOfficeClock } from "../app/office-clock.server";

export { closeDatabase, migrateDatabase };
export { createAccount } from "../app/features/auth/account-creation.server";
export { setPassword } from "../app/features/auth/password-change.server";
export { passwordProblem } from "../app/features/auth/password-policy.server";
export { inviteAccount, passwordLink } from "../app/features/auth/invitations.server";
export { commandLine } from "../app/lib/staff";
export { copyDatabase } from "#db/copy.server";
export { launchChecklist } from "../app/content/checklist.server";

/** Renders the prerendered pages again (at build, or at start when the configuration changed). */
export async function prerender(buildDir: string): Promise<StaticManifest> {
  return prerenderSite(build, buildDir, getConfig());
}

/**
 * Renders the prerendered pages again while the site serves, swaps them in, and has `serveStatic`
 * serve them (server/republish.ts): for a change to what they show.
 */
export function republish(buildDir: string, serveStatic?: Pick<StaticHandler, "replace">): Promise<StaticManifest> {
  return republishPages({ build, buildDir, config: getConfig(), serveStatic });
}

/**
 * At build: the nginx locations for the prerendered pages, the headers of static files, and
 * nginx's own error pages with their location (see deploy/nginx.conf).
 */
export async function writeNginxPages(buildDir: string, manifest: StaticManifest) {
  const options = headerOptions(getConfig());
  makePublicDir(path.join(buildDir, "nginx"));
  writePublicFile(path.join(buildDir, "nginx", "pages.conf"), nginxPagesConfig(manifest, options));
  writePublicFile(path.join(buildDir, "nginx", "views.conf"), nginxViewsConfig());
  writePublicFile(path.join(buildDir, "nginx", "static-headers.conf"), nginxStaticHeadersConfig(options));
  writePublicFile(path.join(buildDir, "nginx", "errors.conf"), nginxErrorPagesConfig(options));
  makePublicDir(path.join(buildDir, nginxErrorDir));
  for (const status of nginxErrorStatuses) {
    const [heading, text] =
      refusals[status >= 500 ? "unavailable" : status === 404 ? "missing" : status === 413 ? "tooLarge" : "unreadable"];
    writePublicFile(path.join(buildDir, nginxErrorDir, `${status}.html`), errorPage(heading, text));
  }
}

/**
 * The heading and text of each page the server, or nginx in front of it, answers before React
 * Router renders anything; never the visitor's words.
 */
const refusals = {
  missing: ["Page not found", "There is nothing at this address."],
  tooLarge: ["That was too much to send", bodyTooLargeMessage],
  unreadable: ["That could not be read", "The request could not be read."],
  unavailable: ["Something went wrong", "The site cannot answer just now. Please try again in a moment."],
} as const;

interface AppState {
  shuttingDown: boolean;
}

/**
 * Whether a Cookie header changes what the site answers this visitor: a session (staff see more),
 * or a one-time notice (a form's outcome). Such a request is rendered for itself and its answer
 * kept by nobody; any other cookie changes nothing but the theme.
 */
function isPersonal(cookie: string | undefined): boolean {
  return hasSessionCookie(cookie) || flashFromCookieHeader(cookie) !== undefined;
}

/** Served by Express itself, outside React Router. */
const probePaths = new Set(["/healthz", "/readyz"]);

function createExpressApp(
  config: Config,
  state: AppState,
  pageCache: PageCache,
  pathInfo: (path: string) => PathInfo,
  readinessProblem: () => Promise<string | undefined>,
  feedVersion: () => number | undefined,
  buildDir: string,
) {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
  const options = headerOptions(config);

  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    // Read now: a handler mounted under a path (/files) answers with that part taken off req.path.
    const requestPath = req.path;
    res.on("finish", () => {
      if (requestPath === "/healthz" || requestPath === "/readyz") return;
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      log.info("request", {
        method: req.method,
        path: requestPath,
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
      });
    });
    if (state.shuttingDown) res.setHeader("Connection", "close");
    // Every 503 says when to ask again, whichever handler answered it (a form post while the
    // database is away, a full disk, a staff action): clients and crawlers then wait, not retry at once.
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: Parameters<typeof writeHead>) {
      if (args[0] === 503 && !this.hasHeader("Retry-After"))
        this.setHeader("Retry-After", String(outageRetryAfterSeconds));
      return writeHead.apply(this, args);
    } as typeof writeHead;
    const nonce = randomBytes(16).toString("base64");
    res.locals.nonce = nonce;
    for (const [name, value] of Object.entries(securityHeaders({ nonce }, options))) res.setHeader(name, value);
    next();
  });

  // A method a resource does not take is the client's mistake: 405 with Allow (404 where there
  // is nothing), answered here, logged as an ordinary request. OPTIONS gets the Allow header alone.
  app.use((req, res, next) => {
    // A router data request (`/contact.data`) is checked as the page it is for.
    const { allowed } = pathInfo(pagePathOf(req.path));
    if (allowed?.includes(req.method)) return next();
    if (!allowed && (req.method === "GET" || req.method === "HEAD")) return next(); // the not-found page
    if (allowed) res.setHeader("Allow", allowed.join(", "));
    if (req.method === "OPTIONS") {
      res.status(allowed ? 204 : 404).end();
      return;
    }
    const status = allowed ? 405 : 404;
    const error = allowed ? `This address does not take ${req.method} requests.` : refusals.missing[1];
    if (req.path.startsWith("/api/") || !req.accepts("html")) res.status(status).json({ error });
    else
      res
        .status(status)
        .type("html")
        .send(errorPage(allowed ? "That is not something this page does" : refusals.missing[0], error));
  });

  // Uploaded manuals and photos, from the database (and, once served, from disk behind nginx).
  app.use("/files", serveUploads(buildDir));

  app.get("/healthz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ status: "ok" });
  });

  app.get("/readyz", async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    if (state.shuttingDown) {
      res.status(503).json({ status: "shutting down" });
      return;
    }
    const problem = await readinessProblem();
    res.status(problem ? 503 : 200).json({ status: problem ?? "ready" });
  });

  // While the database is away, the API's reads answer at once in JSON with when to ask again.
  // Form posts go on to their handlers, which answer their own 503 (nothing is acknowledged unstored).
  app.use("/api", (req, res, next) => {
    if (!databaseAway() || (req.method !== "GET" && req.method !== "HEAD")) return next();
    res.setHeader("Retry-After", String(outageRetryAfterSeconds));
    res.setHeader("Cache-Control", "no-store");
    res.status(503).json({ error: outageMessage });
  });

  app.use((req, res, next) => {
    const host = req.headers.host;
    const own = [config.siteUrl];
    if (host) own.push(`${req.protocol}://${host}`);
    if (isForeignStateChange(req.method, req.headers, own)) {
      log.warn("refused cross-origin request", { method: req.method, path: req.path, origin: req.headers.origin });
      res.status(403).json({ error: "Cross-origin requests are not allowed." });
      return;
    }
    next();
  });

  // Bodies are small forms (a content item's whole form may be larger): refuse a large one before
  // reading it (nginx in front has the same limits),
  // and a body of unknown length, which no form or client of ours sends.
  app.use((req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const declared = req.headers["content-length"];
    const limit = bodyLimitFor(req.path);
    const tooLarge = declared !== undefined && Number(declared) > limit;
    const unknownLength = declared === undefined && req.headers["transfer-encoding"] !== undefined;
    if (!tooLarge && !unknownLength) return next();
    const status = tooLarge ? 413 : 411;
    const error = tooLarge ? bodyTooLargeMessageFor(limit) : "Send the request body with a Content-Length.";
    log.warn("refused request body", { method: req.method, path: req.path, status, length: declared });
    res.setHeader("Connection", "close");
    if (req.path.startsWith("/api/") || !req.accepts("html")) res.status(status).json({ error });
    else
      res
        .status(status)
        .type("html")
        .send(errorPage(tooLarge ? refusals.tooLarge[0] : refusals.unreadable[0], error));
  });

  // Whichever route reads the session (the reviews page lists unpublished reviews to staff, the
  // root greets them), its answer, page or data, is for this visitor alone: a browser or proxy
  // that kept the anonymous page must not answer with it, nor keep this one for anyone.
  app.use((req, res, next) => {
    if (isPersonal(req.headers.cookie)) {
      res.setHeader("Cache-Control", "private, no-store");
      res.vary("Cookie");
    }
    next();
  });

  // Staff pages and the admin API are personal: never stored by a browser or a shared cache, signed in or not.
  app.use(["/admin", "/api/admin", "/api/auth"], (_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("X-Robots-Tag", "noindex, nofollow");
    next();
  });

  // What reaches here is rendered for this one request (kept pages and static files are compressed
  // once, elsewhere, at higher levels): a low level costs about half the CPU of the default (gzip 6,
  // brotli 4) for a document about 10 % larger. Rendered documents mostly arrive compressed
  // already (entry.server.tsx, `compressWith` below), which this leaves alone.
  app.use(
    compression({
      level: renderGzipLevel,
      brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: renderBrotliQuality } },
    }),
  );
  app.use(pageCache.capture);
  // The content a page shows is read from memory; before React Router renders, that memory is
  // brought up to date with what the change feed has heard (a publish on any instance).
  app.use((_req, _res, next) => {
    contentForRender(feedVersion()).then(() => next(), next);
  });
  const mode = config.isProduction ? "production" : "development";
  const renderAnonymously = createRouterHandler(build, mode);
  app.use(
    createRequestHandler({
      build,
      mode,
      // Route middleware (the staff check on /admin) needs a RouterContextProvider; the host's own
      // values ride on it as properties (declared in app/entry.server.tsx).
      getLoadContext: (req, res) => {
        const nonce = res.locals.nonce as string;
        const clientIp = req.ip ?? "unknown";
        return Object.assign(new RouterContextProvider(), {
          nonce,
          clientIp,
          // A render the page cache keeps goes through uncompressed: the cache keeps the plain body.
          compressWith: pageCache.captures(req) ? undefined : renderEncoding(req.headers["accept-encoding"]),
          renderPage: (request: globalThis.Request) =>
            renderAnonymously(request, Object.assign(new RouterContextProvider(), { nonce, clientIp })),
        });
      },
    }),
  );

  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    log.error("unhandled error", { error, method: req.method, path: req.path });
    if (res.headersSent) {
      res.end();
      return;
    }
    res.status(500).type("html").send(fallbackErrorPage);
  });
  return app;
}

/** A page for what the server refuses or fails before React Router renders anything; text is ours, never the visitor's. */
function errorPage(heading: string, text: string) {
  return `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${heading} | Aquila</title><main><h1>${heading}</h1><p>${text} <a href="/">Go to the home page</a>.</p></main></html>`;
}

const fallbackErrorPage = errorPage("Something went wrong", "Please try again in a moment.");

/**
 * Once at start and then daily: every kind of stored submission past its retention period
 * (app/personal-data.server.ts, stated on /privacy), old rate-limit windows and sign-in failures,
 * and staff posts held past their few hours (each hold purges them too, so none outlives a day).
 */
/** How soon a purge put off by a database that was away is tried again. */
const purgeRetryMs = 10 * 60_000;

function startDailyPurge(config: Config) {
  const run = async () => {
    try {
      await purgeExpiredData(personalDataSources, config);
      await purgeRateLimits();
      await purgeSignInFailures();
      await purgeHeldPosts();
      await purgeIdempotencyKeys();
      await purgeOldDigests();
      await purgeOldCounts();
    } catch (error) {
      // A database that is away is told by /readyz and its own warnings: the purge waits for it,
      // trying again in a few minutes rather than tomorrow.
      if (isDatabaseUnavailable(error)) {
        log.warn("daily purge put off: the database is away", { error: String(error) });
        setTimeout(() => void run(), purgeRetryMs).unref();
      } else log.error("daily purge failed", { error });
    }
  };
  void run();
  const timer = setInterval(() => void run(), 24 * 60 * 60_000);
  timer.unref();
  return timer;
}

/** How long a shutdown may take in all, from the signal to the end of `shutdown` (the promise is 10 s). */
const shutdownWithinMs = 8_000;

/**
 * How long after SIGTERM a shutdown lets go of what is still open: an email or forward whose mail
 * server or receiver is slow or silent (it keeps its lease and is sent again later), and a request
 * still in flight once the drain is over (at least a second after it, with the longest drain). What
 * comes after (timers, the database) takes a fraction of a second, so the process is gone in about
 * 5 s at worst, well within the 10 s promised (docs/deploy.md) even on a loaded machine.
 */
const shutdownCutMs = 5_000;

/**
 * How long a client may take to send a request (docs/deploy.md, "Timeouts"). A form is at most
 * 64 KB: a phone on EDGE (~50 kbit/s) sends that in about 10 s, and its headers (under
 * 8 KB) in a few seconds; anything slower holds a socket for nothing. Node's defaults (300 s for a
 * request, 60 s for headers) let a few slow clients keep sockets open for minutes. The check runs
 * every second, so a cut comes within a second of the limit rather than up to 30 s after it.
 */
const serverTimeouts = {
  headersTimeout: 15_000,
  requestTimeout: 30_000,
  connectionsCheckingInterval: 1_000,
};

export interface RunningServer {
  server: Server;
  port: number;
  shutdown(reason: string): Promise<void>;
}

/**
 * Starts the site: migrations, prerendered pages for this configuration, the HTTP server, and
 * a shutdown that stops accepting, lets in-flight requests finish, then closes the database.
 */
export async function startServer(buildDir: string): Promise<RunningServer> {
  const config = getConfig();
  const database = getDatabase();
  onDatabaseConnectionLost(() => void checkDatabaseNow());
  onDatabaseTimeout(() => databaseTimeouts.inc());
  const applied = await migrateDatabase();
  log.info("database ready", { dialect: database.dialect, location: database.location, applied });
  await ensureBuiltInAccount();
  await dateUndatedLeads(leadKinds);
  const ownerLink = await inviteFirstOwner();
  if (ownerLink)
    log.warn("no owner account yet: open this link within 24 hours to create it (docs/staff.md)", {
      username: firstOwnerUsername,
      link: ownerLink,
    });

  // The change feed tells every instance of a publish; with PAGE_CACHE=off it still says when the
  // content changed, so a render reads the database for content only after a change.
  const feed = database.watchPublicChanges();
  const changes = config.pageCache ? feed : undefined;
  // Republishing the prerendered pages needs the static handler made below; a publish heard
  // before it exists is drawn by the check that follows.
  let redraw = () => undefined as void;
  const content = await startContent(
    () => feed.version(),
    () => redraw(),
  );
  let manifest = readManifest(buildDir, renderFingerprint(config));
  if (!manifest || manifest.content !== contentFingerprint()) {
    log.info(
      manifest ? "rendering static pages for the published content" : "rendering static pages for this configuration",
    );
    manifest = await prerender(buildDir);
  }
  const serveStatic = createStaticHandler(buildDir, manifest, headerOptions(config));
  redraw = () => {
    republish(buildDir, serveStatic).catch((error: unknown) =>
      log.error("the prerendered pages could not be drawn again for the published content", {
        error: error instanceof Error ? error.message : String(error),
      }),
    );
  };
  const pathInfo = createMethodTable(build, {
    notFoundRouteId: "routes/not-found",
    otherPaths: (path) => probePaths.has(path) || serveStatic.has(path),
    ownRoute: (path) => (probePaths.has(path) ? path : undefined),
  });
  const readinessProblem = createReadiness(database);
  const metrics = await startMetrics(metricsRegistry, config.metrics, {
    database,
    readinessProblem,
    spamMaxRows: config.spamMaxRows,
  });
  const tickets = await formTickets();
  const pageCache = createPageCache(cachedRoutes, headerOptions(config), changes, isPersonal, () => tickets.issue(), {
    away: databaseAway,
    observe: metrics?.observePageCache,
  });
  const state: AppState = { shuttingDown: false };
  const app = createExpressApp(config, state, pageCache, pathInfo, readinessProblem, () => feed.version(), buildDir);

  const counting = config.visitCounts.on ? startVisitCounting(config.visitCounts.flushMs) : undefined;
  const views = counting
    ? createViewCounter({
        pages: new Set(siteRoutes.map((route) => route.path)),
        ownOrigins: [config.siteUrl],
        tally: visitTally,
        personal: hasSessionCookie,
      })
    : undefined;
  // The views of the pages nginx serves from disk, which it logs for one instance to count (docs/deploy.md).
  const viewLog =
    views && config.visitCounts.viewLog ? followViewLog(config.visitCounts.viewLog, views.logged) : undefined;
  const answer = (req: IncomingMessage, res: ServerResponse) => {
    if (serveStatic(req, res)) return;
    const render = () => app(req, res);
    if (pageCache.serve(req, res, render)) return;
    render();
  };
  const server = createServer(serverTimeouts, (req, res) => {
    if (state.shuttingDown) res.setHeader("Connection", "close");
    if (!metrics && !views) return answer(req, res);
    const startedMs = metrics ? performance.now() : 0;
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    const path = query === -1 ? url : url.slice(0, query);
    if (metrics && path === "/metrics" && config.metrics.token) return metrics.handle(req, res);
    const search = query === -1 ? "" : url.slice(query);
    answer(req, res);
    views?.answered(req, res, path, search);
    // After answering: a file or a kept page has been written already, and is counted at once.
    metrics?.observeRequest(pathInfo(pagePathOf(path)).route, res, startedMs);
  });
  // Node hands CONNECT to this event and, with no listener, drops the connection unanswered.
  server.on("connect", (req, socket) => {
    log.info("request", { method: req.method, path: req.url, status: 405 });
    socket.end(
      "HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD, POST\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
    );
  });
  // Longer than nginx's upstream keepalive_timeout (60 s), so nginx, not Node, closes an idle
  // connection and never reuses one that Node is closing at that instant.
  server.keepAliveTimeout = 65_000;

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const worker = startDeliveryWorker(deliveryKinds);
  const purge = startDailyPurge(config);
  const officeClock = startOfficeClock();
  // Visitors' answers to staff replies, read from the support mailbox when one is set up.
  const mailbox = config.imap ? startMailboxWorker(config.imap, answerHandler(leadKinds, config)) : undefined;
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  log.info("listening", { url: `http://${config.host ?? "localhost"}:${port}`, siteUrl: config.siteUrl });

  let closing: Promise<void> | undefined;
  const shutdown = (reason: string) => {
    closing ??= (async () => {
      const began = Date.now();
      log.info("shutting down", { reason });
      // Deliveries stop between items from now on, during the drain: the one being sent finishes,
      // the rest wait in the outbox for the next start, whatever the backlog.
      const workerStopped = worker.stop(shutdownCutMs);
      // /readyz answers 503 from now on, so a load balancer stops sending new visitors here while
      // this instance keeps answering the ones already on their way; then it stops listening.
      state.shuttingDown = true;
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Keep-alive connections go as soon as their request in flight has been answered.
      const sweep = setInterval(() => server.closeIdleConnections(), 50);
      server.closeIdleConnections();
      // Whatever is still open after this is cut.
      const timer = setTimeout(
        () => server.closeAllConnections(),
        Math.max(shutdownCutMs - config.shutdownDrainMs, 1_000),
      );
      await closed;
      clearInterval(sweep);
      clearTimeout(timer);
      clearInterval(purge);
      // Each of these is bounded (a database that stops answering is given up on within seconds),
      // and the whole is given what is left of the 10 s: a process that must exit, exits.
      const rest = (async () => {
        content.stop();
        await Promise.all([
          officeClock.stop(),
          workerStopped,
          mailbox?.stop(),
          feed.stop(),
          metrics?.close(),
          viewLog?.stop(),
        ]);
        await counting?.stop();
        await closeDatabase();
      })();
      const left = Math.max(0, shutdownWithinMs - (Date.now() - began));
      const finished = await within(
        left,
        rest.then(() => true),
        () => false,
      );
      if (finished) log.info("stopped");
      else log.warn("stopped before everything had closed; the database or mail server did not answer in time");
    })();
    return closing;
  };
  return { server, port, shutdown };
}
