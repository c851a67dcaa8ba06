import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServerProcess } from "./server-process";

/**
 * For tests that sign in (or guess) dozens of times: each attempt runs scrypt with N = 2^17
 * (docs/decisions/003-admin-sessions.md), about 0.3 s on a fast core and 0.9 s on a slow one.
 */
const signInsTimeout = 90_000;

/**
 * Staff sign-in and sessions as a visitor meets them, against two server processes sharing one
 * SQLite file (the PostgreSQL pair is in multi-instance.test.ts): cookie flags, rotation,
 * revocation on either process, limits counted across both, and every staff endpoint closed to
 * a request without a session or from another origin. Idle and absolute timeouts are checked
 * with a moved clock in app/features/auth/sessions.server.test.ts.
 */

const password = "sessions-test-password";
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "aquila-sessions-")), "site.sqlite");
  // Behind a proxy over HTTPS, as deployed: the client address comes from X-Forwarded-For.
  const env = { DATABASE_URL: file, ADMIN_PASSWORD: password, SITE_URL: "https://localhost", TRUST_PROXY: "loopback" };
  a = await startServerProcess(env);
  b = await startServerProcess(env);
}, 120_000);

afterAll(async () => {
  for (const server of [a, b]) {
    await server?.stop();
  }
});

interface Options {
  method?: string;
  cookie?: string;
  ip?: string;
  origin?: string;
  json?: unknown;
}

async function call(
  server: ServerProcess,
  target: string,
  { method = "GET", cookie, ip = "203.0.113.1", origin, json }: Options = {},
) {
  const headers: Record<string, string> = { "X-Forwarded-For": ip, Accept: "application/json, text/html" };
  if (cookie) headers.Cookie = cookie;
  if (method !== "GET") headers.Origin = origin ?? new URL(server.url).origin;
  if (json !== undefined) headers["Content-Type"] = "application/json";
  return fetch(new URL(target, server.url), {
    method,
    headers,
    redirect: "manual",
    body: json === undefined ? undefined : JSON.stringify(json),
  });
}

async function signIn(server: ServerProcess, ip = "203.0.113.1") {
  const response = await call(server, "/api/auth/login", { method: "POST", ip, json: { username: "admin", password } });
  expect(response.status).toBe(200);
  const setCookie = response.headers.get("set-cookie") ?? "";
  return { setCookie, cookie: setCookie.split(";")[0] ?? "" };
}

/** The staff API's list of every review (a POST, as docs/requirements.md §5.3 shapes it) answers only a session. */
const isSignedIn = async (server: ServerProcess, cookie: string) =>
  (await call(server, "/api/admin/testimonials", { method: "POST", cookie, json: {} })).status === 200;

describe("staff sessions across two processes on one SQLite file", () => {
  it("sets a __Host- cookie that is Secure, HttpOnly, SameSite=Strict and path-wide", async () => {
    const { setCookie } = await signIn(a);
    expect(setCookie).toMatch(/^__Host-aquila_session=[A-Za-z0-9_-]{40,};/);
    expect(setCookie).toMatch(/; Secure/);
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Strict/);
    expect(setCookie).toMatch(/; Path=\//);
    expect(setCookie).not.toMatch(/Domain=/);
  });

  it("a session made on one process works on the other, and signing out on either ends it on both", async () => {
    const { cookie } = await signIn(a);
    expect(await isSignedIn(b, cookie)).toBe(true);
    const out = await call(b, "/admin/logout", { method: "POST", cookie });
    expect(out.status).toBeLessThan(400);
    expect(await isSignedIn(a, cookie)).toBe(false);
    expect(await isSignedIn(b, cookie)).toBe(false);
  });

  it("each sign-in gets a new token, and a made-up token is nobody", async () => {
    const first = await signIn(a);
    const second = await signIn(b);
    expect(second.cookie).not.toBe(first.cookie);
    expect(await isSignedIn(a, `__Host-aquila_session=${"x".repeat(43)}`)).toBe(false);
  });

  it("every staff endpoint refuses a request without a session", async () => {
    const id = randomUUID();
    // The /admin layout asks for a sign-in before anything under it runs, /admin itself included.
    expect((await call(a, "/admin")).headers.get("location")).toBe("/admin/login?redirectTo=%2Fadmin");
    const pages = ["/admin/testimonials", "/admin/messages", `/admin/messages/${id}`, "/admin/messages/export.csv"];
    for (const target of pages) {
      const response = await call(a, target);
      expect(response.status, target).toBe(302);
      expect(response.headers.get("location"), target).toMatch(/^\/admin\/login/);
    }
    const api: Array<[string, string]> = [
      ["POST", "/api/admin/testimonials"],
      ["PATCH", `/api/admin/testimonials/${id}/approve`],
      ["DELETE", `/api/admin/testimonials/${id}`],
    ];
    for (const [method, target] of api)
      expect((await call(b, target, { method, json: {} })).status, `${method} ${target}`).toBe(401);
    const post = await fetch(new URL(`/admin/messages/${id}`, a.url), {
      method: "POST",
      headers: { Origin: new URL(a.url).origin, "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=delete",
      redirect: "manual",
    });
    expect(post.status).toBe(302);
    // The reviews page's moderation buttons post to the moderation route, which asks for a sign-in.
    const form = { Origin: new URL(a.url).origin, "Content-Type": "application/x-www-form-urlencoded" };
    const moderate = await fetch(new URL("/admin/testimonials", a.url), {
      method: "POST",
      headers: { ...form, Accept: "text/html" },
      body: `intent=publish&id=${id}&returnTo=${encodeURIComponent("/testimonials#admin-section")}`,
      redirect: "manual",
    });
    expect(moderate.status).toBe(302);
    expect(moderate.headers.get("location")).toMatch(/^\/admin\/login/);
    // The reviews page takes reviews alone: a moderation sent there is a review without its fields.
    const misplaced = await fetch(new URL("/testimonials", a.url), {
      method: "POST",
      headers: { ...form, Accept: "text/html" },
      body: `intent=publish&id=${id}`,
      redirect: "manual",
    });
    expect(misplaced.status).toBe(400);
  });

  it("every state-changing staff endpoint refuses another origin, even with a valid session", async () => {
    const { cookie } = await signIn(a, "203.0.113.9");
    const id = randomUUID();
    const attempts: Array<[string, string]> = [
      ["PATCH", `/api/admin/testimonials/${id}/approve`],
      ["DELETE", `/api/admin/testimonials/${id}`],
      ["POST", `/admin/messages/${id}`],
      ["POST", "/admin/logout"],
      ["POST", "/api/auth/login"],
    ];
    for (const [method, target] of attempts) {
      const response = await call(b, target, { method, cookie, origin: "https://attacker.example" });
      expect(response.status, `${method} ${target}`).toBe(403);
    }
    expect(await isSignedIn(a, cookie)).toBe(true);
  });

  it("refuses a post with no Origin whose Referer is another site's page; one from our own page or with neither goes through", async () => {
    const post = (referer: string | undefined, ip: string) =>
      fetch(new URL("/api/auth/login", a.url), {
        method: "POST",
        headers: {
          "X-Forwarded-For": ip,
          "Content-Type": "application/json",
          Accept: "application/json",
          ...(referer === undefined ? {} : { Referer: referer }),
        },
        body: JSON.stringify({ username: "admin", password }),
        redirect: "manual",
      });
    const foreign = await post("https://attacker.example/free-cushions.html", "203.0.113.31");
    expect(foreign.status).toBe(403);
    expect(foreign.headers.getSetCookie()).toEqual([]);
    const ours = await post(new URL("/admin/login?redirectTo=%2Fadmin", a.url).toString(), "203.0.113.32");
    expect(ours.status).toBe(200);
    // An API client sends neither header (docs/requirements.md §5), as before.
    const client = await post(undefined, "203.0.113.33");
    expect(client.status).toBe(200);
  });

  it(
    "counts one address's guesses at one account across both processes, and never stops the right password from another address",
    async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const server = i % 2 === 0 ? a : b;
        const response = await call(server, "/api/auth/login", {
          method: "POST",
          ip: "198.51.100.40",
          json: { username: "admin", password: `guess-${i}` },
        });
        statuses.push(response.status);
        if (i === 5) expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
        if (i === 5) expect(Number(response.headers.get("retry-after"))).toBeLessThanOrEqual(60);
      }
      expect(statuses).toEqual([...Array(5).fill(401), 429]);
      // A flood from twenty more addresses, spread over both processes...
      for (let n = 0; n < 20; n++) {
        await call(n % 2 ? a : b, "/api/auth/login", {
          method: "POST",
          ip: `198.51.100.${50 + n}`,
          json: { username: "admin", password: "guess" },
        });
      }
      // ...and staff at an address of their own sign in on either process, at once.
      for (const server of [a, b]) {
        const response = await call(server, "/api/auth/login", {
          method: "POST",
          ip: `192.0.2.${server === a ? 201 : 202}`,
          json: { username: "admin", password },
        });
        expect(response.status).toBe(200);
      }
    },
    signInsTimeout,
  );

  it(
    "counts guesses from one address across both processes and every account: the 21st is refused",
    async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) {
        const server = i % 2 === 0 ? b : a;
        const response = await call(server, "/api/auth/login", {
          method: "POST",
          ip: "192.0.2.77",
          json: { username: `someone-${i}`, password: "guess" },
        });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([...Array(20).fill(401), 429]);
      // The right password from that address is refused too until the oldest failure is 15 minutes old.
      const locked = await call(a, "/api/auth/login", {
        method: "POST",
        ip: "192.0.2.77",
        json: { username: "admin", password },
      });
      expect(locked.status).toBe(429);
      expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(840);
    },
    signInsTimeout,
  );

  it("sends a signed-in visitor only to a page of this site, whatever redirectTo says, and never fails", async () => {
    const { cookie } = await signIn(a, "203.0.113.90");
    const origin = new URL(a.url).origin;
    for (const target of [
      "/%09/evil.example/x",
      "/%0a/evil.example/x",
      "/%0d%0a/evil.example",
      "/%E3%80%80/x",
      "//evil.example",
      "/%5Cevil.example",
      "https://evil.example",
      "/.//evil.example",
      "/..//evil.example",
      "/./%5Cevil.example",
      "/.///evil.example",
    ]) {
      const response = await call(a, `/admin/login?redirectTo=${target}`, { cookie });
      expect(response.status, target).toBe(302);
      const location = response.headers.get("location") ?? "";
      expect(new URL(location, origin).origin, `${target} → ${location}`).toBe(origin);
      // The theme switch takes a redirectTo too, and applies the same check.
      const theme = await fetch(new URL("/theme", a.url), {
        method: "POST",
        redirect: "manual",
        headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ theme: "light", redirectTo: decodeURIComponent(target) }),
      });
      expect(theme.status, target).toBe(303);
      expect(new URL(theme.headers.get("location") ?? "", origin).origin, target).toBe(origin);
    }
    const page = await call(a, `/admin/login?redirectTo=${encodeURIComponent("/admin/messages?topic=repair")}`, {
      cookie,
    });
    expect(page.headers.get("location")).toBe("/admin/messages?topic=repair");
  });
});
