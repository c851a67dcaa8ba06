import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServerProcess } from "./server-process";
import { readPage } from "../support/kept-pages";
import { requires } from "../support/requires";

/**
 * Two instances of the site on one PostgreSQL database, as behind a load balancer: nothing a
 * visitor or a staff member does may depend on which instance answers.
 */
const suite = "two instances sharing PostgreSQL";
describe.runIf(requires(suite, "postgres"))(suite, () => {
  const adminUrl = process.env.TEST_DATABASE_URL ?? "";
  const name = `aquila_multi_${process.pid}`;
  let a: ServerProcess;
  let b: ServerProcess;
  let receiver: Server;
  const forwarded: string[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    await admin.end();
    receiver = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        const item = JSON.parse(body) as { id: string; kind: string };
        if (item.kind === "message") forwarded.push(item.id);
        res.end("{}");
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const env = {
      DATABASE_URL: url.toString(),
      ADMIN_PASSWORD: "multi-instance-password",
      FORM_RATE_LIMIT: "1000",
      CONTACT_FORWARD_URL: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/forms`,
    };
    // One after the other: the first creates the schema and the admin account.
    a = await startServerProcess(env);
    b = await startServerProcess(env);
  }, 120_000);

  afterAll(async () => {
    for (const server of [a, b]) {
      server?.child.kill("SIGTERM");
      await server?.exited;
    }
    await new Promise<void>((resolve) => receiver?.close(() => resolve()));
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  async function signIn(server: ServerProcess, username: string, password: string) {
    return fetch(new URL("/api/auth/login", server.url), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username, password }),
    });
  }

  function listAll(server: ServerProcess, cookie: string) {
    return fetch(new URL("/api/admin/testimonials", server.url), {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/json" },
      body: "{}",
    });
  }

  it("a session made on one is valid on the other, and signing out on one ends it on both", async () => {
    const login = await signIn(a, "admin", "multi-instance-password");
    expect(login.status).toBe(200);
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    expect((await listAll(a, cookie)).status).toBe(200);
    expect((await listAll(b, cookie)).status).toBe(200);
    await fetch(new URL("/admin/logout", b.url), { method: "POST", headers: { Cookie: cookie }, redirect: "manual" });
    expect((await listAll(a, cookie)).status).toBe(401);
    expect((await listAll(b, cookie)).status).toBe(401);
  });

  it("failed sign-ins are counted across both instances", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await signIn(i % 2 ? b : a, "shared-target", `guess ${i}`)).status);
    expect(statuses.slice(0, 5)).toEqual(Array(5).fill(401));
    expect(statuses[5]).toBe(429);
  });

  it("a review sent to one and approved through the other is public on both", async () => {
    const quote = `Shared review ${Date.now()}`;
    const sent = await fetch(new URL("/api/testimonials", a.url), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Uma", email: "uma@example.com", rating: 9, quote, tags: ["travel"] }),
    });
    expect(sent.status).toBe(201);
    const cookie =
      ((await signIn(b, "admin", "multi-instance-password")).headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const all = (await (await listAll(b, cookie)).json()) as { testimonials: Array<{ id: string; quote: string }> };
    const id = all.testimonials.find((t) => t.quote === quote)?.id ?? "";
    expect(
      (
        await fetch(new URL(`/api/admin/testimonials/${id}/approve`, b.url), {
          method: "PATCH",
          headers: { Cookie: cookie },
        })
      ).status,
    ).toBe(200);
    for (const server of [a, b]) {
      const page = (await (await fetch(new URL("/api/testimonials", server.url))).json()) as {
        testimonials: Array<{ quote: string }>;
      };
      expect(page.testimonials.map((t) => t.quote)).toContain(quote);
    }
  });

  it("ten queued messages are each delivered exactly once while both instances deliver", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const response = await fetch(new URL("/api/contact", (i % 2 ? a : b).url), {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          name: `Vic ${i}`,
          email: `vic${i}@example.com`,
          topic: "general",
          message: `Message number ${i} for the team.`,
          consent: "on",
        }),
      });
      expect(response.status).toBe(201);
    }
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    try {
      await expect
        .poll(
          async () =>
            (await db.query("select count(*)::int as n from outbox where kind = 'message' and status = 'sent'")).rows[0]
              .n,
          { timeout: 20_000 },
        )
        .toBe(10);
      const rows = await db.query("select ref_id from outbox where kind = 'message'");
      for (const row of rows.rows as Array<{ ref_id: string }>) ids.push(row.ref_id);
    } finally {
      await db.end();
    }
    expect(ids).toHaveLength(10);
    expect([...forwarded].sort()).toEqual([...ids].sort());
  }, 60_000);

  /** Sends a review to `server` and returns its id, as staff see it (pending). */
  async function sendReview(server: ServerProcess, cookie: string, reviewer: string) {
    const quote = `${reviewer} wrote this at ${Date.now()}.`;
    const sent = await fetch(new URL("/api/testimonials", server.url), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: reviewer, email: "cache@example.com", rating: 8, quote, tags: [] }),
    });
    expect(sent.status).toBe(201);
    const all = (await (await listAll(server, cookie)).json()) as {
      testimonials: Array<{ id: string; quote: string }>;
    };
    return all.testimonials.find((t) => t.quote === quote)?.id ?? "";
  }

  /** Asks until `server` answers /testimonials from memory (a kept page's CSP has no nonce). */
  async function keptPage(server: ServerProcess) {
    for (let attempt = 0; attempt < 100; attempt++) {
      const { body, kept } = await readPage(await fetch(new URL("/testimonials", server.url)));
      if (kept) return body;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error("/testimonials was never kept");
  }

  async function staffCookie(server: ServerProcess) {
    return (
      ((await signIn(server, "admin", "multi-instance-password")).headers.get("set-cookie") ?? "").split(";")[0] ?? ""
    );
  }

  it("a review approved on A shows on B's kept /testimonials within 100 ms", async () => {
    const cookie = await staffCookie(a);
    const id = await sendReview(a, cookie, "Quinn Approved-On-A");
    expect(await keptPage(b)).not.toContain("Quinn Approved-On-A");
    const published = await fetch(new URL(`/api/admin/testimonials/${id}/approve`, a.url), {
      method: "PATCH",
      headers: { Cookie: cookie },
    });
    expect(published.status).toBe(200);
    // The time from the write until B answers a request with it: the request that first shows it
    // is timed from when it was sent, since B must render the page once before it can keep it
    // again, and how long that takes is the machine's render speed, not staleness.
    const started = performance.now();
    let shown = false;
    let sentAt = started;
    while (!shown && performance.now() - started < 1_000) {
      sentAt = performance.now();
      shown = (await (await fetch(new URL("/testimonials", b.url))).text()).includes("Quinn Approved-On-A");
      if (!shown) await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect(shown).toBe(true);
    expect(sentAt - started).toBeLessThan(100);
    // …and B keeps the new page again once it has rendered it.
    expect(await keptPage(b)).toContain("Quinn Approved-On-A");
  });

  it("after B's listening connection drops and returns, B serves no page from before a change made meanwhile", async () => {
    const cookie = await staffCookie(a);
    const id = await sendReview(a, cookie, "Rosa Approved-While-Deaf");
    expect(await keptPage(b)).not.toContain("Rosa Approved-While-Deaf");
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    try {
      const listeners = async () =>
        (
          await db.query<{ pid: number }>(
            "select pid from pg_stat_activity where datname = $1 and application_name = 'aquila-public-changes'",
            [name],
          )
        ).rows.map((r) => r.pid);
      const before = await listeners();
      expect(before).toHaveLength(2);
      await db.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and application_name = 'aquila-public-changes'",
        [name],
      );
      await expect
        .poll(async () => (await listeners()).some((pid) => before.includes(pid)), { interval: 5 })
        .toBe(false);
      // The change is made while nobody listens, so no notice of it ever arrives.
      await db.query("update testimonials set approved = 1, approved_at = $2 where id = $1", [
        id,
        new Date().toISOString(),
      ]);
      await expect.poll(async () => (await listeners()).length, { timeout: 10_000 }).toBe(2);
    } finally {
      await db.end();
    }
    // Several at once: while the first renders, the others must not get the copy from before the loss.
    const pages = await Promise.all(
      Array.from({ length: 6 }, async () => (await fetch(new URL("/testimonials", b.url))).text()),
    );
    for (const page of pages) expect(page).toContain("Rosa Approved-While-Deaf");
    expect(await keptPage(b)).toContain("Rosa Approved-While-Deaf");
  });
});
