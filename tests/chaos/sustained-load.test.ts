import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "#db/test-databases";
import { type ServerProcess, startServerProcess } from "../integration/server-process";
import { seedReviews } from "../support/seed";

/**
 * A minute of mixed traffic on one server process: pages, API reads, reviews and contact
 * messages, and staff signing in, looking around and signing out. No request may fail, and the
 * process's memory may not keep growing. Figures go to reports/sustained-load.json.
 */

const root = path.resolve(import.meta.dirname, "../..");
const seconds = Number(process.env.SUSTAINED_SECONDS ?? 60);
const clients = 8;
const password = "sustained-load-password";
/**
 * Resident memory (median of the last 10 one-second samples) may be at most this much above its
 * median over seconds 10–20, once the heap has grown to its working size…
 */
const growthBoundMb = 64;
/** …and never exceed this. */
const peakBoundMb = 512;
/**
 * V8 grows its heap lazily when memory is plentiful, which looks like growth without being any.
 * The server runs with its old generation capped here, so a leak ends in an out-of-memory crash
 * (every later request fails) instead of hiding in spare memory.
 */
const heapLimitMb = 192;

function rssMb(pid: number): number {
  const match = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/);
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((x, y) => x - y),
    50,
  );
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

describe("sustained load", () => {
  let database: TestDatabase;
  let server: ServerProcess;

  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    server = await startServerProcess({
      DATABASE_URL: database.url,
      FORM_MIN_FILL_MS: "0",
      FORM_RATE_LIMIT: "100000000",
      ADMIN_PASSWORD: password,
      TRUST_PROXY: "loopback",
      // Every page rendered: the load is on rendering and the database, not on the page cache.
      PAGE_CACHE: "off",
      NODE_OPTIONS: `--max-old-space-size=${heapLimitMb}`,
    });
    // Seeded once the server has started: its first start creates admin only in a database with
    // no account yet, and the seeding adds the account that publishes the reviews.
    const now = Date.now();
    await seedReviews(
      database.url,
      Array.from({ length: 2000 }, (_, i) => ({
        name: `Reviewer ${i}`,
        email: `seed${i}@example.com`,
        rating: (i % 10) + 1,
        quote: `Review number ${i}: the cushion keeps its shape through a long day.`,
        verified: i % 2 === 1,
        createdAt: new Date(now - i * 3_600_000),
      })),
    );
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it(`serves ${seconds} s of mixed traffic with no failure and bounded memory`, async () => {
    const origin = new URL(server.url).origin;
    const statuses: Record<string, number> = {};
    const failures: string[] = [];
    const latencies: number[] = [];
    const memory: number[] = [];
    const end = Date.now() + seconds * 1000;
    let signIns = 0;

    async function send(method: string, target: string, init: { body?: unknown; cookie?: string; ip?: string } = {}) {
      const headers: Record<string, string> = { Origin: origin, "X-Forwarded-For": init.ip ?? "203.0.113.10" };
      if (init.body !== undefined) headers["Content-Type"] = "application/json";
      if (init.cookie) headers.Cookie = init.cookie;
      const started = performance.now();
      try {
        const response = await fetch(new URL(target, server.url), {
          method,
          headers,
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
          redirect: "manual",
        });
        await response.arrayBuffer();
        latencies.push(performance.now() - started);
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
        if (response.status >= 500) failures.push(`${method} ${target} → ${response.status}`);
        return response;
      } catch (error) {
        failures.push(`${method} ${target}: ${(error as Error).cause ?? error}`);
        return undefined;
      }
    }

    const pages = ["/", "/faq", "/contact", "/about", "/product", "/testimonials"];
    // Pages of reviews other than the newest: a filter tab, the oldest end, and a cursor somewhere in between.
    const middle = (await (await fetch(`${server.url}/api/testimonials?page=oldest`)).json()) as {
      newer: string | null;
    };
    const pageQueries = ["?tag=travel", "?page=oldest", "?tag=comfort&page=oldest", middle.newer ?? ""];
    let n = 0;
    const visitor = async () => {
      while (Date.now() < end) {
        const i = n++;
        const pick = i % 20;
        if (pick < 8) await send("GET", pages[i % pages.length] ?? "/");
        else if (pick < 10) await send("GET", `/testimonials${pageQueries[i % pageQueries.length]}`);
        else if (pick < 14) await send("GET", `/api/testimonials${pageQueries[i % pageQueries.length]}`);
        else if (pick < 17)
          await send("POST", "/api/testimonials", {
            body: { name: "Load", email: `load${i}@example.com`, rating: 8, quote: "Written under load.", tags: [] },
          });
        else
          await send("POST", "/api/contact", {
            body: {
              name: "Load",
              email: `load${i}@example.com`,
              topic: "general",
              message: "Sent under load, please ignore.",
              consent: true,
            },
          });
      }
    };
    // Staff: a sign-in every 7 s (the account allows 10 attempts in 15 minutes), a look at the
    // moderation page and the spam list (admin is the reviews moderator), then sign-out.
    const staff = async () => {
      while (Date.now() + 7000 < end) {
        const response = await send("POST", "/api/auth/login", {
          body: { username: "admin", password },
          ip: `198.51.100.${signIns + 1}`,
        });
        const cookie = response?.headers.get("set-cookie")?.split(";")[0];
        if (response?.status !== 200 || !cookie) failures.push(`sign-in ${signIns} → ${response?.status}`);
        else {
          signIns++;
          for (const target of ["/admin/testimonials", "/admin/spam"]) {
            const page = await send("GET", target, { cookie });
            if (page?.status !== 200) failures.push(`${target} signed in → ${page?.status}`);
          }
          await send("POST", "/admin/logout", { cookie });
        }
        await new Promise((resolve) => setTimeout(resolve, 7000));
      }
    };
    const pid = server.child.pid ?? 0;
    const sampler = setInterval(() => memory.push(rssMb(pid)), 1000);
    await Promise.all([staff(), ...Array.from({ length: clients }, visitor)]);
    clearInterval(sampler);

    const warm = median(memory.slice(10, 20));
    const last = median(memory.slice(-10));
    const peak = Math.max(...memory);
    const sorted = [...latencies].sort((x, y) => x - y);
    const report = {
      seconds,
      clients,
      requests: latencies.length,
      requestsPerSecond: Math.round(latencies.length / seconds),
      latencyMs: {
        p50: Math.round(percentile(sorted, 50)),
        p99: Math.round(percentile(sorted, 99)),
        max: Math.round(sorted.at(-1) ?? 0),
      },
      statuses,
      signIns,
      failures: failures.length,
      memoryMb: {
        afterWarmUp: Math.round(warm),
        end: Math.round(last),
        peak: Math.round(peak),
        growthBound: growthBoundMb,
        peakBound: peakBoundMb,
      },
    };
    mkdirSync(path.join(root, "reports"), { recursive: true });
    writeFileSync(path.join(root, "reports/sustained-load.json"), `${JSON.stringify(report, null, 2)}\n`);
    console.log(`sustained load: ${JSON.stringify(report)}`);

    expect(failures.slice(0, 20)).toEqual([]);
    expect(signIns).toBeGreaterThanOrEqual(Math.floor(seconds / 8));
    expect(last - warm).toBeLessThan(growthBoundMb);
    expect(peak).toBeLessThan(peakBoundMb);
  }, 600_000);
});
