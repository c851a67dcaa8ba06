import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { specMessage } from "../support/spec-messages";
import { servedFromMemory } from "../support/kept-pages";
import { messageIdOf, startSmtp } from "../support/mail";
import { samples } from "../support/metrics-text";
import { requires } from "../support/requires";
import { postgresBehindRelay } from "../support/tcp-relay";
import { until } from "../support/until";
import { type ServerProcess, startServerProcess } from "./server-process";

/**
 * A database that stops answering without closing anything: a frozen PostgreSQL host (a relay
 * that lets nothing more through and closes nothing), and a SQLite file whose write lock another
 * process holds. Every request still gets an answer within 15 s, `/readyz` says so within 5 s,
 * the site recovers by itself, and what was acknowledged is kept and delivered once.
 */

const metricsToken = "database-silence-metrics-token-0123456789";

/** A request and how long its answer took; a request still unanswered after 20 s is a failure. */
async function timed(server: ServerProcess, address: string, init?: RequestInit) {
  const started = Date.now();
  const response = await fetch(new URL(address, server.url), { ...init, signal: AbortSignal.timeout(20_000) });
  await response.arrayBuffer();
  return {
    address,
    status: response.status,
    retryAfter: response.headers.get("retry-after"),
    ms: Date.now() - started,
  };
}

const postMessage = (server: ServerProcess, email = specMessage.email) =>
  timed(server, "/api/contact", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ...specMessage, email }),
  });

/** Waits until each page is answered from memory. */
async function untilKept(server: ServerProcess, pages: string[]) {
  for (const page of pages)
    await until(
      async () => {
        const response = await fetch(new URL(page, server.url));
        await response.arrayBuffer();
        return servedFromMemory(response.status, response.headers.get("content-security-policy"));
      },
      5_000,
      `${page} is kept`,
    );
}

const readiness = async (server: ServerProcess) => (await fetch(new URL("/readyz", server.url))).status;

/** What every request sent while the database is silent must get: an answer within 15 s; writes 503 with when to ask again; pages kept or prerendered 200. */
async function duringSilence(server: ServerProcess) {
  const answers = await Promise.all([
    ...Array.from({ length: 8 }, (_, i) => postMessage(server, `silent-${i}@example.com`)),
    ...Array.from({ length: 4 }, () => timed(server, "/testimonials")),
    ...Array.from({ length: 4 }, () => timed(server, "/about")),
    timed(server, "/"),
  ]);
  for (const answer of answers) expect(answer.ms, `${answer.address} answered in ${answer.ms} ms`).toBeLessThan(15_000);
  const writes = answers.filter((answer) => answer.address === "/api/contact");
  for (const write of writes) expect(write).toMatchObject({ status: 503, retryAfter: "30" });
  const pages = answers.filter((answer) => answer.address !== "/api/contact");
  for (const page of pages) expect(page.status, page.address).toBe(200);
}

const suite = "a PostgreSQL that stops answering";
describe.runIf(requires(suite, "postgres"))(suite, () => {
  it("is seen within 5 s, never holds a request past 15 s, heals itself, and delivers what was pending once", async () => {
    const { database, relay, url } = await postgresBehindRelay();
    // Each email takes the mail server 3 s to accept: the first is in flight when the database goes silent.
    const smtp = await startSmtp(0, { delayMs: 3_000 });
    const server = await startServerProcess({
      DATABASE_URL: url,
      SMTP_HOST: "127.0.0.1",
      SMTP_PORT: String(smtp.port),
      STAFF_EMAIL: "staff@aquila.example",
      METRICS_TOKEN: metricsToken,
      FORM_RATE_LIMIT: "1000",
    });
    /** A metric without labels, as the server says it now (undefined: not said at all). */
    const metric = async (name: string) => {
      const response = await fetch(new URL("/metrics", server.url), {
        headers: { Authorization: `Bearer ${metricsToken}` },
      });
      return samples(await response.text()).get(`${name}{}`);
    };
    try {
      // Three messages are acknowledged just before the silence, and the kept pages are in memory.
      for (const i of [1, 2, 3]) expect((await postMessage(server, `before-${i}@example.com`)).status).toBe(201);
      await untilKept(server, ["/testimonials", "/"]);
      // The mail server has the first email and has not yet answered for it.
      expect(smtp.received.length).toBeLessThanOrEqual(1);

      relay.freeze();
      const frozenAt = Date.now();
      await until(async () => (await readiness(server)) === 503, 5_000, "/readyz says the database is away");
      expect(Date.now() - frozenAt).toBeLessThan(5_000);
      await duringSilence(server);
      expect(await metric("aquila_database_up")).toBe(0);
      expect(await metric("aquila_database_timeouts_total")).toBeGreaterThan(0);
      // Longer than every limit on a query: the connections that froze are never answered again.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, frozenAt + 20_000 - Date.now())));
      await duringSilence(server);

      relay.thaw();
      const thawedAt = Date.now();
      await until(async () => (await postMessage(server, "after@example.com")).status === 201, 10_000, "writes work");
      expect(Date.now() - thawedAt).toBeLessThan(10_000);
      await until(async () => (await readiness(server)) === 200, 5_000, "/readyz is 200 again");

      // Every acknowledged message reaches staff, each exactly once (a repeat would share its Message-ID).
      const check = new pg.Client({ connectionString: database.url });
      await check.connect();
      try {
        const stored = await check.query<{ email: string }>("select email from contact_messages order by email");
        expect(stored.rows.map((row) => row.email)).toEqual(
          expect.arrayContaining([
            "after@example.com",
            "before-1@example.com",
            "before-2@example.com",
            "before-3@example.com",
          ]),
        );
        await until(
          async () =>
            (await check.query("select 1 from outbox where status <> 'sent' and channel = 'email'")).rowCount === 0,
          40_000,
          "every email is sent",
        );
        const ids = smtp.received.map((mail) => messageIdOf(mail.raw));
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids).toHaveLength(stored.rowCount ?? 0);
      } finally {
        await check.end();
      }

      // Stopped while the database is silent again, the process is gone within 10 s.
      relay.freeze();
      void postMessage(server, "in-flight@example.com").catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const stopping = Date.now();
      expect(await server.stop("SIGTERM")).toBe(0);
      expect(Date.now() - stopping).toBeLessThan(10_000);
      expect(server.output()).not.toContain('"level":"error"');
    } finally {
      await server.stop("SIGKILL");
      await relay.close();
      await smtp.close();
      await database.drop();
    }
  }, 150_000);
});

describe("a SQLite file whose write lock another process holds", () => {
  it("is seen within 5 s, never holds a request past 15 s, and writes work again once the lock is let go", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "aquila-locked-"));
    const file = path.join(dir, "site.sqlite");
    const server = await startServerProcess({ DATABASE_URL: file, FORM_RATE_LIMIT: "1000" });
    const other = new Database(file);
    try {
      expect((await postMessage(server, "before@example.com")).status).toBe(201);
      await untilKept(server, ["/testimonials", "/"]);

      // A backup, a script or a second instance that holds the lock for long.
      other.exec("begin immediate");
      other.prepare("insert into rate_limits (key, window_start, count) values ('held', 0, 1)").run();
      const heldAt = Date.now();
      await until(async () => (await readiness(server)) === 503, 5_000, "/readyz says writes fail");
      expect(Date.now() - heldAt).toBeLessThan(5_000);
      await duringSilence(server);
      await duringSilence(server);

      other.exec("commit");
      const releasedAt = Date.now();
      await until(async () => (await postMessage(server, "after@example.com")).status === 201, 10_000, "writes work");
      expect(Date.now() - releasedAt).toBeLessThan(10_000);
      await until(async () => (await readiness(server)) === 200, 5_000, "/readyz is 200 again");
      const stored = other.prepare("select email from contact_messages order by email").pluck().all();
      expect(stored).toEqual(["after@example.com", "before@example.com"]);
      expect(server.output()).not.toContain('"level":"error"');
    } finally {
      other.close();
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
