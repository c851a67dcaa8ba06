import { timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { sql } from "kysely";
import { collectDefaultMetrics, Counter, Gauge, type Metric, Registry } from "prom-client";
import type { DatabaseHandle } from "#db/client.server";
import type { PageCacheResult } from "./page-cache";
import { log } from "../app/lib/logger.server";
import { within } from "../app/lib/within";

/**
 * Prometheus metrics (docs/deploy.md, "Metrics"): what an operator needs to see this instance's
 * health without reading its logs. Off unless METRICS_TOKEN or METRICS_PORT is set, and never
 * public: on the site's port `/metrics` answers only a request bearing the token, and METRICS_PORT
 * listens on loopback only.
 *
 * Every label is a fixed word or a route as the route manifest writes it ("/admin/messages/:id"),
 * never a path, an address or anything a visitor sent. Counts kept by this process (requests, the
 * page cache, sign-ins, the event loop) are this instance's own; counts read from the database at
 * scrape (the outbox, held spam, overdue leads) are the same from every instance, and their help
 * text says so.
 */

/** Latency buckets (seconds): a kept page is answered in well under a millisecond, a render in a few. */
const latencyBuckets = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const statusClasses = ["1xx", "2xx", "3xx", "4xx", "5xx"] as const;

export interface SiteMetrics {
  /**
   * Counts a request under its route and status class, with its latency from `startedMs`
   * (performance.now()): at once when its answer has already been written (a file, a kept page),
   * else when it finishes.
   */
  observeRequest(route: string, res: ServerResponse, startedMs: number): void;
  /** Counts what the page cache did with a request for a kept route. */
  observePageCache(route: string, result: PageCacheResult): void;
  /** The `/metrics` answer on the site's port: 401 without the token. */
  handle(req: IncomingMessage, res: ServerResponse): void;
  /** The metrics as Prometheus would read them now. */
  scrape(): Promise<string>;
  /** Stops the loopback server, if there is one. */
  close(): Promise<void>;
}

export interface MetricsSources {
  database: DatabaseHandle;
  /** Why the instance is not ready (server/readiness.ts), or undefined when it is. */
  readinessProblem: () => Promise<string | undefined>;
  spamMaxRows: number;
  /**
   * How long a scrape waits for the database (and the readiness check) before it reports it down:
   * a database that has stopped answering must read as aquila_database_up 0 within Prometheus's
   * scrape timeout (10 s by default), not hold the scrape until it fails as a whole.
   */
  databaseWaitMs?: number;
}

/** One route's requests: counts by status class, and latencies by bucket. */
interface RouteTally {
  classes: [number, number, number, number, number];
  buckets: number[];
  sum: number;
  count: number;
}

/**
 * Requests by route, kept in plain numbers and handed to the registry as a counter and a
 * histogram when Prometheus scrapes. prom-client's own children work out their labels' key on
 * every update, which on a kept page answered in 30 µs cost more than the 3 % allowed; here an
 * update is a map lookup and a few additions.
 */
class RequestTally {
  readonly routes = new Map<string, RouteTally>();

  record(route: string, status: number, seconds: number) {
    let tally = this.routes.get(route);
    if (!tally) {
      tally = { classes: [0, 0, 0, 0, 0], buckets: latencyBuckets.map(() => 0), sum: 0, count: 0 };
      this.routes.set(route, tally);
    }
    tally.classes[Math.min(Math.max(Math.floor(status / 100), 1), 5) - 1]!++;
    const bucket = latencyBuckets.findIndex((bound) => seconds <= bound);
    if (bucket !== -1) tally.buckets[bucket]!++;
    tally.sum += seconds;
    tally.count++;
  }

  counter() {
    const metric = {
      name: "aquila_http_requests_total",
      help: "Requests answered by this instance, by route (as the route manifest names it) and status class.",
      type: "counter",
      aggregator: "sum",
      get: async () => ({
        ...metric,
        values: [...this.routes].flatMap(([route, tally]) =>
          tally.classes.map((value, i) => ({ labels: { route, status_class: statusClasses[i]! }, value })),
        ),
      }),
    };
    return metric;
  }

  histogram() {
    const name = "aquila_http_request_duration_seconds";
    const metric = {
      name,
      help: "Time from a request's arrival to the end of its answer on this instance, by route.",
      type: "histogram",
      aggregator: "sum",
      get: async () => ({
        ...metric,
        values: [...this.routes].flatMap(([route, tally]) => {
          let cumulative = 0;
          return [
            ...latencyBuckets.map((bound, i) => ({
              metricName: `${name}_bucket`,
              labels: { route, le: bound },
              value: (cumulative += tally.buckets[i]!),
            })),
            { metricName: `${name}_bucket`, labels: { route, le: "+Inf" }, value: tally.count },
            { metricName: `${name}_sum`, labels: { route }, value: tally.sum },
            { metricName: `${name}_count`, labels: { route }, value: tally.count },
          ];
        }),
      }),
    };
    return metric;
  }
}

const defaultGaugesNamedLikeCounters = [
  "nodejs_active_handles_total",
  "nodejs_active_requests_total",
  "nodejs_active_resources_total",
];

/**
 * The metrics of this server, served together with `appRegistry` (the counters features move,
 * app/lib/metrics.server.ts). Returns undefined when metrics are off.
 */
export async function startMetrics(
  appRegistry: Registry,
  settings: { token?: string; port?: number },
  sources: MetricsSources,
): Promise<SiteMetrics | undefined> {
  if (!settings.token && settings.port === undefined) return undefined;
  // This start's own registry: a second start in one process (tests) registers its metrics afresh.
  const own = new Registry();
  collectDefaultMetrics({ register: own, eventLoopMonitoringPrecision: 20 });
  // prom-client also reports the counts of active handles, requests and resources as gauges named
  // `…_total`, which Prometheus keeps for counters (`promtool check metrics` names all three). The
  // same counts stay in `nodejs_active_handles` and its kin, by type: sum() them for the total.
  for (const name of defaultGaugesNamedLikeCounters) own.removeSingleMetric(name);
  const registers = [own];

  const tally = new RequestTally();
  own.registerMetric(tally.counter() as unknown as Metric);
  own.registerMetric(tally.histogram() as unknown as Metric);
  /** Page-cache outcomes by "result route", counted in plain numbers like the requests. */
  const cacheCounts = new Map<string, number>();
  new Counter({
    name: "aquila_page_cache_requests_total",
    help: "Requests for kept public routes on this instance: hit (answered from memory), render (rendered to keep), miss (rendered, not kept: the change feed was lost, or a HEAD).",
    labelNames: ["route", "result"] as const,
    registers,
    collect() {
      this.reset();
      for (const [key, count] of cacheCounts) {
        const space = key.indexOf(" ");
        this.inc({ result: key.slice(0, space), route: key.slice(space + 1) }, count);
      }
    },
  });

  registerDatabaseGauges(registers, sources);
  const registry = Registry.merge([appRegistry, own]);

  const answer = async (res: ServerResponse) => {
    try {
      const text = await registry.metrics();
      res.writeHead(200, { "Content-Type": registry.contentType, "Cache-Control": "no-store" }).end(text);
    } catch (error) {
      log.error("metrics could not be collected", { error });
      res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" }).end("Metrics could not be collected.\n");
    }
  };

  let loopback: Server | undefined;
  if (settings.port !== undefined) {
    loopback = createServer((req, res) => {
      if (req.url?.split("?")[0] !== "/metrics" || (req.method !== "GET" && req.method !== "HEAD")) {
        res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Only /metrics is here.\n");
        return;
      }
      void answer(res);
    });
    await new Promise<void>((resolve, reject) => {
      loopback?.once("error", reject);
      loopback?.listen(settings.port, "127.0.0.1", () => resolve());
    });
    log.info("metrics listening", { url: `http://127.0.0.1:${settings.port}/metrics` });
  }

  const expected = settings.token ? Buffer.from(`Bearer ${settings.token}`) : undefined;
  return {
    observeRequest(route, res, startedMs) {
      if (res.writableEnded) tally.record(route, res.statusCode, (performance.now() - startedMs) / 1000);
      else res.once("finish", () => tally.record(route, res.statusCode, (performance.now() - startedMs) / 1000));
    },
    observePageCache(route, result) {
      const key = `${result} ${route}`;
      cacheCounts.set(key, (cacheCounts.get(key) ?? 0) + 1);
    },
    handle(req, res) {
      const given = Buffer.from(req.headers.authorization ?? "");
      if (!expected || given.length !== expected.length || !timingSafeEqual(given, expected)) {
        res
          .writeHead(401, {
            "Content-Type": "application/json",
            "WWW-Authenticate": 'Bearer realm="metrics"',
            "Cache-Control": "no-store",
          })
          .end(JSON.stringify({ error: "Metrics need the metrics token." }));
        return;
      }
      void answer(res);
    },
    scrape: () => registry.metrics(),
    async close() {
      if (loopback) await new Promise<void>((resolve) => loopback?.close(() => resolve()));
    },
  };
}

/** Gauges read when Prometheus scrapes: from the database (the same from every instance) and from this instance's pool. */
function registerDatabaseGauges(
  registers: Registry[],
  { database, readinessProblem, spamMaxRows, databaseWaitMs = 3_000 }: MetricsSources,
) {
  const fromDatabase = "Read from the database, so the same from every instance.";
  const db = database.db;
  /** One database read per scrape, shared by the gauges that need it. */
  let reading: Promise<DatabaseFigures | undefined> | undefined;
  const figures = () => {
    reading ??= within(databaseWaitMs, readFigures(db), () => {
      log.warn("metrics could not read the database", { error: `no answer within ${databaseWaitMs} ms` });
      return undefined;
    }).finally(() => setTimeout(() => (reading = undefined), 0));
    return reading;
  };

  new Gauge({
    name: "aquila_ready",
    help: `1 when /readyz would answer 200 on this instance (the database answers and takes a write, here within ${databaseWaitMs / 1000} s), else 0.`,
    registers,
    async collect() {
      this.set((await within(databaseWaitMs, readinessProblem(), () => "no answer in time")) ? 0 : 1);
    },
  });
  new Gauge({
    name: "aquila_database_up",
    help: `1 when the database answered this scrape's reads from this instance within ${databaseWaitMs / 1000} s, else 0.`,
    registers,
    async collect() {
      this.set((await figures()) ? 1 : 0);
    },
  });
  new Gauge({
    name: "aquila_outbox_items",
    help: `Deliveries to staff and visitors waiting or failing, by kind and state (pending, failing: retried after an error, failed: given up). ${fromDatabase}`,
    labelNames: ["kind", "state"] as const,
    registers,
    async collect() {
      this.reset();
      for (const row of (await figures())?.outbox ?? []) this.set({ kind: row.kind, state: row.state }, row.n);
    },
  });
  new Gauge({
    name: "aquila_outbox_oldest_pending_age_seconds",
    help: `Age of the oldest delivery still pending (0 when none). ${fromDatabase}`,
    registers,
    async collect() {
      const oldest = (await figures())?.oldestPending;
      this.set(oldest ? Math.max(0, (Date.now() - Date.parse(oldest)) / 1000) : 0);
    },
  });
  new Gauge({
    name: "aquila_spam_held",
    help: `Submissions held as spam, waiting for staff to release or delete them. ${fromDatabase}`,
    registers,
    async collect() {
      this.set((await figures())?.spamHeld ?? 0);
    },
  });
  new Gauge({
    name: "aquila_spam_store_used_ratio",
    help: `Held spam as a share of the store's cap (SPAM_MAX_ROWS); at 1 new held submissions are refused with a 503. ${fromDatabase}`,
    registers,
    async collect() {
      this.set(((await figures())?.spamHeld ?? 0) / spamMaxRows);
    },
  });
  new Gauge({
    name: "aquila_leads_overdue",
    help: `Messages and order requests past their reply's due time with no reply yet, by kind. ${fromDatabase}`,
    labelNames: ["kind"] as const,
    registers,
    async collect() {
      const overdue = (await figures())?.overdue;
      this.set({ kind: "message" }, overdue?.message ?? 0);
      this.set({ kind: "order" }, overdue?.order ?? 0);
    },
  });
  const pool = database.poolStats;
  if (pool)
    new Gauge({
      name: "aquila_database_pool_connections",
      help: "This instance's PostgreSQL pool: connections open (total), idle, and requests waiting for one.",
      labelNames: ["state"] as const,
      registers,
      collect() {
        const stats = pool();
        this.set({ state: "total" }, stats.total);
        this.set({ state: "idle" }, stats.idle);
        this.set({ state: "waiting" }, stats.waiting);
      },
    });
}

interface DatabaseFigures {
  outbox: Array<{ kind: string; state: string; n: number }>;
  oldestPending: string | undefined;
  spamHeld: number;
  overdue: { message: number; order: number };
}

async function readFigures(db: DatabaseHandle["db"]): Promise<DatabaseFigures | undefined> {
  try {
    const now = new Date().toISOString();
    const [outbox, oldest, spam, messages, orders] = await Promise.all([
      sql<{ kind: string; state: string; n: number | string }>`
        select kind,
          case when status = 'pending' and last_error is not null then 'failing' else status end as state,
          count(*) as n
        from outbox where status in ('pending', 'failed')
        group by kind, case when status = 'pending' and last_error is not null then 'failing' else status end`.execute(
        db,
      ),
      db
        .selectFrom("outbox")
        .select((eb) => eb.fn.min("created_at").as("at"))
        .where("status", "=", "pending")
        .executeTakeFirst(),
      db
        .selectFrom("spam")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow(),
      overdueIn(db, "contact_messages", now),
      overdueIn(db, "order_requests", now),
    ]);
    return {
      outbox: outbox.rows.map((row) => ({ kind: row.kind, state: row.state, n: Number(row.n) })),
      oldestPending: oldest?.at ?? undefined,
      spamHeld: Number(spam.n),
      overdue: { message: messages, order: orders },
    };
  } catch (error) {
    log.warn("metrics could not read the database", { error: error instanceof Error ? error.message : String(error) });
    return undefined;
  }
}

async function overdueIn(
  db: DatabaseHandle["db"],
  table: "contact_messages" | "order_requests",
  now: string,
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "=", "new")
    .where("first_reply_at", "is", null)
    .where("reply_due_at", "<", now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
