import { spawnSync } from "node:child_process";
import { request } from "node:http";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { requires } from "../support/requires";
import { requireBuild, type ServerProcess, startServerProcess } from "./server-process";

let running: ServerProcess | undefined;
afterEach(async () => {
  await running?.stop("SIGKILL");
  running = undefined;
});

describe("the server process", () => {
  it("refuses to start with a bad setting and names it", () => {
    requireBuild();
    const result = spawnSync(process.execPath, [path.resolve(import.meta.dirname, "../../scripts/start.mjs")], {
      env: { ...process.env, PORT: "not-a-port", SITE_EMAIL: "nobody" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("PORT");
    expect(result.stderr).toContain("SITE_EMAIL");
  });

  it("refuses a first start with a common ADMIN_PASSWORD, and says why", async () => {
    await expect(startServerProcess({ ADMIN_PASSWORD: "password12345" })).rejects.toThrow(
      /ADMIN_PASSWORD cannot be used: This password is one of the most common ones/,
    );
    await expect(startServerProcess({ ADMIN_PASSWORD: "the-admin-long-password" })).rejects.toThrow(
      /ADMIN_PASSWORD cannot be used: A password may not contain your username/,
    );
  });

  it("on SIGTERM finishes the request in flight, then exits 0", async () => {
    running = await startServerProcess();
    const { url, child, exited } = running;
    const target = new URL("/theme", url);

    // A form post whose body is still arriving when the signal comes.
    const body = "theme=light&redirectTo=%2F";
    const response = new Promise<number>((resolve, reject) => {
      const req = request(
        target,
        {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": body.length },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", reject);
      req.write(body.slice(0, 5));
      setTimeout(() => {
        child.kill("SIGTERM");
        setTimeout(() => req.end(body.slice(5)), 300);
      }, 200);
    });

    const started = Date.now();
    expect(await response).toBe(303);
    expect(await exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(running.output()).toContain('"msg":"stopped"');
  });

  it("under load, SIGTERM turns /readyz 503 first, answers every request in flight, and exits 0 within 10 s", async () => {
    running = await startServerProcess({ SHUTDOWN_DRAIN_MS: "1000", FORM_RATE_LIMIT: "100000" });
    const { url, child, exited } = running;
    const origin = new URL(url).origin;
    let ready = true;
    let refusedBeforeNotReady = 0;
    const answered: Record<string, number> = {};
    const failures: string[] = [];
    let n = 0;

    // Eight clients, as a load balancer would send them: new requests stop once /readyz says 503.
    const client = async () => {
      while (ready) {
        const i = n++;
        const [method, path, body] =
          i % 3 === 0
            ? [
                "POST",
                "/api/testimonials",
                JSON.stringify({
                  name: "Load",
                  email: `load${i}@example.com`,
                  rating: 9,
                  quote: "Still fine.",
                  tags: [],
                }),
              ]
            : i % 3 === 1
              ? ["GET", "/testimonials", undefined]
              : ["GET", "/about", undefined];
        try {
          const response = await fetch(new URL(path, url), {
            method,
            body,
            headers: { Origin: origin, "Content-Type": "application/json" },
          });
          await response.arrayBuffer();
          answered[response.status] = (answered[response.status] ?? 0) + 1;
          if (response.status >= 500) failures.push(`${method} ${path} → ${response.status}`);
        } catch (error) {
          if (ready) refusedBeforeNotReady++;
          failures.push(`${method} ${path}: ${(error as Error).cause ?? error}`);
        }
      }
    };
    const probe = async () => {
      while (ready) {
        const status = await fetch(new URL("/readyz", url)).then(
          (r) => r.status,
          () => 0,
        );
        if (status === 503) ready = false;
        else await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const load = Promise.all([probe(), ...Array.from({ length: 8 }, client)]);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const signalled = Date.now();
    child.kill("SIGTERM");
    await load;
    const code = await exited;

    expect(refusedBeforeNotReady).toBe(0);
    expect(failures).toEqual([]);
    // Load was really in flight (each review is now a synced write, so fewer fit in 1.5 s on a busy machine).
    expect(answered[200] ?? 0).toBeGreaterThan(10);
    expect(answered[201] ?? 0).toBeGreaterThan(3);
    expect(code).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    const log = running.output();
    expect(log.indexOf('"msg":"shutting down"')).toBeGreaterThan(-1);
    expect(log).toContain('"msg":"stopped"');
  }, 30_000);

  it("logs each request as one JSON line", async () => {
    running = await startServerProcess();
    await fetch(new URL("/no-such-page", running.url));
    const server = running;
    const findLine = () =>
      server
        .output()
        .split("\n")
        .find((l) => l.includes('"path":"/no-such-page"'));
    await expect.poll(findLine).toBeDefined();
    const line = findLine();
    expect(JSON.parse(line ?? "{}")).toMatchObject({ level: "info", msg: "request", method: "GET", status: 404 });
  });

  it("never shows a stack trace to a visitor", async () => {
    running = await startServerProcess();
    const response = await fetch(new URL("/theme", running.url), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "theme=purple",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).not.toMatch(/at .*\.(js|ts):\d+/);
  });
});

// Needs a PostgreSQL server to take away mid-run; CI sets TEST_DATABASE_URL, so it runs there.
describe.runIf(requires("when the database goes away", "postgres"))("when the database goes away", () => {
  it("readyz turns 503 and pages answer 503 with Retry-After in the site's frame, without a stack trace", async () => {
    const pg = await import("pg");
    const adminUrl = process.env.TEST_DATABASE_URL ?? "";
    const name = `aquila_gone_${process.pid}`;
    const admin = new pg.default.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    running = await startServerProcess({ DATABASE_URL: url.toString() });
    expect((await fetch(new URL("/readyz", running.url))).status).toBe(200);

    await admin.query(`drop database ${name} with (force)`);
    await admin.end();

    const ready = await fetch(new URL("/readyz", running.url)).catch((error: unknown) => {
      throw new Error(`server gone: ${String(error)}\n${running?.output().slice(-3000)}`);
    });
    expect(ready.status).toBe(503);
    // A page no cache keeps: the database is away, so it is unavailable for now, not broken.
    const response = await fetch(new URL("/testimonials?tag=comfort", running.url));
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("30");
    const html = await response.text();
    expect(html).toContain("Something went wrong");
    // Its words are content, read from memory and not from the database: the error's text with the
    // phone number written in where its marker is, and the footer's.
    const text = html.replaceAll("<!-- -->", "");
    expect(text).toContain("If it keeps happening, call us at 866-7AQUILA (727-8452) and we will help.");
    expect(text).toContain("Talk to us");
    expect(html).toContain("Skip to main content");
    expect(html).toContain('aria-label="Main"');
    expect(html).not.toMatch(/at \S+\.(js|ts):\d+/);
    expect(html).not.toContain("does not exist");
    expect(response.headers.get("content-security-policy")).toContain("script-src 'self' 'nonce-");
  });
});
