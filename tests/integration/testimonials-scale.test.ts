import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { seedReviews } from "../support/seed";
import { type ServerProcess, startServerProcess } from "./server-process";

let running: ServerProcess | undefined;
afterAll(async () => {
  running?.child.kill("SIGTERM");
  await running?.exited;
});

describe("the testimonials page with 10,000 published reviews", () => {
  it("renders in under 50 ms of server time (median of 30 requests)", async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), "aquila-scale-")), "scale.sqlite");
    // Every request rendered: this measures the render, not the page cache.
    running = await startServerProcess({ DATABASE_URL: file, PAGE_CACHE: "off" });
    const server = running;
    // Seeded once the server has started (and created admin, which it does only in a database
    // with no account yet); nothing has been rendered before the timings below.
    const tags = ["comfort", "travel", "support-experience", "ease-of-use", "long-sessions", "mobility"] as const;
    await seedReviews(
      file,
      Array.from({ length: 10_000 }, (_, i) => ({
        name: `Reviewer ${i}`,
        email: `r${i}@example.com`,
        rating: 1 + (i % 10),
        quote: `Review number ${i}. `.repeat(8),
        context: "Context",
        tags: tags.slice(i % tags.length, (i % tags.length) + 1),
        createdAt: new Date(Date.UTC(2024, 0, 1) + i * 60_000),
      })),
    );

    for (let i = 0; i < 5; i++) await (await fetch(new URL("/testimonials?tag=comfort", server.url))).text();
    for (let i = 0; i < 30; i++) {
      const response = await fetch(new URL(i % 2 ? "/testimonials" : "/testimonials?tag=travel&page=3", server.url));
      expect(response.status).toBe(200);
      await response.text();
    }
    const timings = () =>
      server
        .output()
        .split("\n")
        .filter((l) => l.includes('"path":"/testimonials"'))
        .map((l) => (JSON.parse(l) as { ms: number }).ms);
    await expect.poll(() => timings().length).toBeGreaterThanOrEqual(35);
    const measured = timings()
      .slice(5)
      .sort((a, b) => a - b);
    const median = measured[Math.floor(measured.length / 2)] ?? Infinity;
    const p95 = measured[Math.floor(measured.length * 0.95)] ?? Infinity;
    console.log(`/testimonials with 10,000 published reviews: median ${median} ms, p95 ${p95} ms server time`);
    expect(median).toBeLessThan(50);
  }, 120_000);
});
