import { randomUUID } from "node:crypto";
import { Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from "kysely";
import { Registry } from "prom-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#db/client.server";
import type { Database } from "#db/schema";
import { testDialects } from "#db/test-databases";
import { deliveryKinds } from "~/deliveries.server";
import { ContactFormSchema } from "~/features/contact/schema";
import { storeContactMessage } from "~/features/contact/store.server";
import { getDatabase } from "~/lib/db.server";
import { setLogLevel } from "~/lib/logger.server";
import { metricsRegistry } from "~/lib/metrics.server";
import { deliverDue, resetMailer } from "~/lib/outbox/delivery.server";
import { useTestDatabase } from "~/lib/test-database";
import { startMetrics } from "../../server/metrics";
import { createReadiness } from "../../server/readiness";
import { smtpConfig, startQuickSmtp, startSmtp } from "../support/mail";
import { sample } from "../support/metrics-text";
import { promtool } from "../support/promtool";
import { requires } from "../support/requires";
import { freePort, type ServerProcess, startServerProcess } from "./server-process";

setLogLevel("silent");

const token = "metrics-token-for-the-tests-0123456789";

describe("/metrics on a running server", () => {
  let server: ServerProcess;
  const scrape = async () => {
    const response = await fetch(new URL("/metrics", server.url), { headers: { Authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    return response.text();
  };
  const get = (path: string) => fetch(new URL(path, server.url), { redirect: "manual" });

  beforeAll(async () => {
    server = await startServerProcess({ METRICS_TOKEN: token });
  });
  afterAll(async () => {
    await server.stop();
  });

  it("refuses a request without the token, or with another, and never says what it holds", async () => {
    for (const authorization of [undefined, "Bearer wrong", `Bearer ${token}x`, token, `Basic ${token}`]) {
      const response = await fetch(new URL("/metrics", server.url), {
        headers: authorization ? { Authorization: authorization } : {},
      });
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      expect(await response.text()).not.toContain("aquila_");
    }
    const response = await fetch(new URL("/metrics", server.url), { headers: { Authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("counts exactly the requests sent, by route and status class, and the page cache's hits and renders", async () => {
    const before = await scrape();
    const id = randomUUID();
    // Kept route: rendered once after the start (or after the last change), then answered from memory.
    for (let i = 0; i < 3; i++) expect((await get("/testimonials")).status).toBe(200);
    // Nothing here: counted under the not-found route, not under the path.
    expect((await get(`/no-such-page-${id}`)).status).toBe(404);
    expect((await get(`/no-such-page-${id}/deeper?email=someone@example.com`)).status).toBe(404);
    // A staff page with an id, without a session: sent to sign in.
    expect((await get(`/admin/messages/${id}?q=someone@example.com`)).status).toBe(302);
    const after = await scrape();

    const moved = (name: string, labels: Record<string, string>) =>
      sample(after, name, labels) - sample(before, name, labels);
    expect(moved("aquila_http_requests_total", { route: "/testimonials", status_class: "2xx" })).toBe(3);
    expect(moved("aquila_http_requests_total", { route: "not found", status_class: "4xx" })).toBe(2);
    expect(moved("aquila_http_requests_total", { route: "/admin/messages/:id", status_class: "3xx" })).toBe(1);
    expect(moved("aquila_http_request_duration_seconds_count", { route: "/testimonials" })).toBe(3);
    const cache = (result: string) => moved("aquila_page_cache_requests_total", { route: "/testimonials", result });
    expect(cache("render") + cache("hit")).toBe(3);
    expect(cache("hit")).toBeGreaterThanOrEqual(2);
    expect(cache("miss")).toBe(0);

    // A review written: the page changed, so the next request renders it again, then it is kept.
    const review = await fetch(new URL("/api/testimonials", server.url), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Mara", email: "mara@example.com", rating: 9, quote: "Metrics review", tags: [] }),
    });
    expect(review.status).toBe(201);
    const beforeChange = await scrape();
    for (let i = 0; i < 2; i++) expect((await get("/testimonials")).status).toBe(200);
    const afterChange = await scrape();
    const cacheMoved = (result: string) =>
      sample(afterChange, "aquila_page_cache_requests_total", { route: "/testimonials", result }) -
      sample(beforeChange, "aquila_page_cache_requests_total", { route: "/testimonials", result });
    expect(cacheMoved("render")).toBe(1);
    expect(cacheMoved("hit")).toBe(1);
    expect(
      sample(afterChange, "aquila_http_requests_total", { route: "/api/testimonials", status_class: "2xx" }),
    ).toBeGreaterThanOrEqual(1);

    // No label carries a path's id, an address or a query.
    expect(after).not.toContain(id);
    expect(after).not.toContain("example.com");
    expect(after).not.toContain("?");
    expect(after).not.toContain("no-such-page");
  });

  it.runIf(requires("`promtool check metrics` on /metrics", "promtool"))(
    "answers what `promtool check metrics` accepts without a word",
    async () => {
      // Some requests first, so the labelled series are there to be checked too.
      expect((await get("/testimonials")).status).toBe(200);
      expect((await get("/no-such-page")).status).toBe(404);
      const check = promtool(["check", "metrics"], { input: await scrape() });
      expect(check.stdout + check.stderr).toBe("");
      expect(check.status).toBe(0);
    },
  );

  it("reports the database, the outbox, held spam, sign-ins and the process", async () => {
    const text = await scrape();
    expect(sample(text, "aquila_ready")).toBe(1);
    expect(sample(text, "aquila_database_up")).toBe(1);
    expect(sample(text, "aquila_spam_held")).toBe(0);
    expect(sample(text, "aquila_spam_store_used_ratio")).toBe(0);
    expect(sample(text, "aquila_outbox_oldest_pending_age_seconds")).toBe(0);
    expect(sample(text, "aquila_leads_overdue", { kind: "message" })).toBe(0);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \S+$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \S+$/m);
    expect(text).toContain("# HELP aquila_outbox_items");
    expect(text).toMatch(/# HELP aquila_spam_held .*the same from every instance/);

    const signIn = (password: string) =>
      fetch(new URL("/api/admin/login", server.url), {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ password }),
      });
    const before = sample(text, "aquila_sign_in_failures_total");
    expect((await signIn("not the password at all")).status).toBe(401);
    expect(sample(await scrape(), "aquila_sign_in_failures_total") - before).toBe(1);
  });
});

describe("a mail server that answers 451 to every message", () => {
  it("counts each refused delivery attempt by kind and channel", async () => {
    const smtp = await startSmtp(0, { refuseWith: 451 });
    const server = await startServerProcess({
      METRICS_TOKEN: token,
      SMTP_HOST: "127.0.0.1",
      SMTP_PORT: String(smtp.port),
      STAFF_EMAIL: "staff@aquila.example",
    });
    const failures = async () => {
      const response = await fetch(new URL("/metrics", server.url), { headers: { Authorization: `Bearer ${token}` } });
      return sample(await response.text(), "aquila_delivery_failures_total", { kind: "review", channel: "email" });
    };
    try {
      // Reported at 0 before any failure, so that Prometheus reads the first one as an increase.
      expect(await failures()).toBe(0);
      const review = await fetch(new URL("/api/testimonials", server.url), {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name: "Ines", email: "ines@example.com", rating: 8, quote: "Refused mail", tags: [] }),
      });
      expect(review.status).toBe(201);
      // The worker tries at once, after the review is stored.
      await expect.poll(() => smtp.refused(), { timeout: 15_000 }).toBe(1);
      await expect.poll(failures, { timeout: 15_000 }).toBe(1);
      expect(smtp.received).toHaveLength(0);
    } finally {
      await server.stop();
      await smtp.close();
    }
  });
});

describe("metrics switched off, or on a loopback port", () => {
  it("has no /metrics when neither METRICS_TOKEN nor METRICS_PORT is set", async () => {
    const server = await startServerProcess({ METRICS_TOKEN: "", METRICS_PORT: "" });
    try {
      const response = await fetch(new URL("/metrics", server.url), { headers: { Authorization: `Bearer ${token}` } });
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain("aquila_");
    } finally {
      await server.stop();
    }
  });

  it("serves them on METRICS_PORT on loopback without a token, and not on the site's port", async () => {
    const port = await freePort();
    const server = await startServerProcess({ METRICS_PORT: String(port) });
    try {
      const response = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("aquila_http_requests_total");
      expect(server.output()).toContain(`"url":"http://127.0.0.1:${port}/metrics"`);
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
      expect((await fetch(new URL("/metrics", server.url))).status).toBe(404);
    } finally {
      await server.stop();
    }
  });
});

describe.each(testDialects)("the outbox gauges on %s", (dialect) => {
  useTestDatabase(dialect);

  it("follow a delivery that fails and then succeeds", async () => {
    const metrics = await startMetrics(
      new Registry(),
      { token },
      { database: getDatabase(), readinessProblem: async () => undefined, spamMaxRows: 100 },
    );
    if (!metrics) throw new Error("metrics are on with a token");
    const deadPort = await freePort();
    const start = new Date();
    const message = ContactFormSchema.parse({
      name: "Noor Vance",
      email: "noor@example.com",
      topic: "general",
      message: "Is the cover washable?",
      consent: "on",
    });
    await storeContactMessage(message, start, ["email"]);
    let text = await metrics.scrape();
    expect(sample(text, "aquila_outbox_items", { kind: "message", state: "pending" })).toBe(1);
    expect(sample(text, "aquila_outbox_oldest_pending_age_seconds")).toBeGreaterThanOrEqual(0);

    await deliverDue(deliveryKinds, smtpConfig(deadPort), () => start);
    resetMailer();
    text = await metrics.scrape();
    expect(sample(text, "aquila_outbox_items", { kind: "message", state: "failing" })).toBe(1);
    expect(sample(text, "aquila_outbox_items", { kind: "message", state: "pending" })).toBe(0);

    const smtp = await startQuickSmtp();
    try {
      await deliverDue(deliveryKinds, smtpConfig(smtp.port), () => new Date(start.getTime() + 31_000));
      expect(smtp.received).toHaveLength(1);
    } finally {
      resetMailer();
      await smtp.close();
    }
    text = await metrics.scrape();
    expect(sample(text, "aquila_outbox_items", { kind: "message", state: "failing" })).toBe(0);
    expect(sample(text, "aquila_outbox_items", { kind: "message", state: "pending" })).toBe(0);
    expect(sample(text, "aquila_outbox_oldest_pending_age_seconds")).toBe(0);
    if (dialect === "postgres")
      expect(sample(text, "aquila_database_pool_connections", { state: "total" })).toBeGreaterThanOrEqual(1);
    await metrics.close();
  });
});

describe("a database that stops answering", () => {
  it("reads as down within the scrape's wait, instead of holding the scrape", async () => {
    // Every query waits for a connection that never comes, as with a frozen database server.
    const never = new Promise<never>(() => {});
    const frozen = new Kysely<Database>({
      dialect: {
        createAdapter: () => new SqliteAdapter(),
        createDriver: () => ({
          init: async () => {},
          acquireConnection: () => never,
          beginTransaction: async () => {},
          commitTransaction: async () => {},
          rollbackTransaction: async () => {},
          releaseConnection: async () => {},
          destroy: async () => {},
        }),
        createIntrospector: (db) => new SqliteIntrospector(db),
        createQueryCompiler: () => new SqliteQueryCompiler(),
      },
    });
    const database = {
      db: frozen,
      dialect: "sqlite",
      location: ":memory:",
      ping: () => new Promise<boolean>(() => {}),
      watchPublicChanges: () => {
        throw new Error("not watched here");
      },
      close: async () => {},
    } satisfies DatabaseHandle;
    const metrics = await startMetrics(
      metricsRegistry,
      { token },
      { database, readinessProblem: createReadiness(database), spamMaxRows: 100, databaseWaitMs: 300 },
    );
    if (!metrics) throw new Error("metrics are on with a token");
    try {
      const started = performance.now();
      const text = await metrics.scrape();
      expect(performance.now() - started).toBeLessThan(2_000);
      expect(sample(text, "aquila_database_up")).toBe(0);
      expect(sample(text, "aquila_ready")).toBe(0);
      expect(text).toMatch(/^aquila_database_timeouts_total 0$/m);
    } finally {
      await metrics.close();
    }
  });
});
