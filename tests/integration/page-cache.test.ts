import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testDialects } from "#db/test-databases";
import { readPage, ticketsIn, withoutTickets } from "../support/kept-pages";
import { seedReview } from "../support/seed";
import { type ServerProcess, startServerProcess } from "./server-process";

/** The rendered-page cache (server/page-cache.ts) against the built server, on each database the tests have. */

const password = "page-cache-password";

describe.each(testDialects)("rendered pages kept in memory (%s)", (dialect) => {
  let server: ServerProcess;
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    server = await startServerProcess({
      DATABASE_URL: database.url,
      ADMIN_PASSWORD: password,
      FORM_RATE_LIMIT: "1000",
    });
    // The first published review also creates the staff account that publishes seeded reviews,
    // with its deliberately slow password hash: here, not inside a test.
    await addReview("Already Here", true);
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  /** A review written by this process, not through the server: only the database can tell the server. */
  function addReview(name: string, published: boolean) {
    return seedReview(database.url, { name, quote: "Fine.", rating: 8, published, verified: false });
  }

  const origin = () => new URL(server.url).origin;
  const get = async (target: string, headers: Record<string, string> = {}) =>
    readPage(await fetch(new URL(target, server.url), { headers }));
  const head = async (target: string) => readPage(await fetch(new URL(target, server.url), { method: "HEAD" }));
  const send = (method: string, target: string, headers: Record<string, string> = {}, body?: string) =>
    fetch(new URL(target, server.url), { method, headers: { Origin: origin(), ...headers }, body, redirect: "manual" });

  /**
   * A page is kept once it has been compressed, a moment after the render that made it: ask until
   * it comes from memory. `rendered`: the last answer rendered meanwhile, if any (a change that
   * reached the server late makes it render again, and keep that render instead).
   */
  async function getKept(target: string, headers: Record<string, string> = {}) {
    let rendered: Awaited<ReturnType<typeof get>> | undefined;
    for (let attempt = 0; attempt < 40; attempt++) {
      const page = await get(target, headers);
      if (page.kept) return { ...page, rendered };
      rendered = page;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`${target} never came from memory`);
  }

  async function signIn() {
    const login = await send(
      "POST",
      "/api/auth/login",
      { "Content-Type": "application/json" },
      JSON.stringify({ username: "admin", password }),
    );
    expect(login.status).toBe(200);
    return login.headers.get("set-cookie")?.split(";")[0] ?? "";
  }

  /** The requests the server rendered (a page served from memory is not logged), from its log since `mark`. */
  function rendersSince(mark: number, pathname: string) {
    return server
      .output()
      .slice(mark)
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { msg?: string; method?: string; path?: string })
      .filter((line) => line.msg === "request" && line.method === "GET" && line.path === pathname).length;
  }

  it("serves a repeat visit from memory, byte for byte, with each inline script's hash in the CSP", async () => {
    const first = await get("/testimonials");
    expect(first.headers.get("content-security-policy")).toContain("'nonce-");
    const second = await getKept("/testimonials");
    const secondBody = second.body;
    // The review added before the tests reaches a loaded server as a notification that may come
    // after the first render began; the server then renders again and keeps that render.
    const made = second.rendered ?? first;
    // All but the forms' tickets, which every response gets anew (decision 022).
    expect(withoutTickets(secondBody)).toBe(withoutTickets(made.body));
    expect(ticketsIn(secondBody)).toHaveLength(2);
    expect(ticketsIn(secondBody)).not.toContain(ticketsIn(made.body)[0]);
    const csp = second.headers.get("content-security-policy") ?? "";
    expect(csp).not.toContain("nonce-");
    // Every script that runs; structured data (application/ld+json) is a data block no browser
    // runs, to which CSP does not apply, and is left out so a published text never changes it.
    const scripts = [...secondBody.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/g)];
    const inline = scripts.filter((m) => !/type="application\/ld\+json"/.test(m[1] ?? "")).map((m) => m[2] ?? "");
    const data = scripts.filter((m) => /type="application\/ld\+json"/.test(m[1] ?? "")).map((m) => m[2] ?? "");
    expect(inline.filter(Boolean).length).toBeGreaterThan(1);
    expect(data.length).toBeGreaterThan(0);
    const hashOf = (script: string) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`;
    for (const script of inline.filter(Boolean)) expect(csp).toContain(hashOf(script));
    for (const script of data) expect(csp).not.toContain(hashOf(script));
    expect(second.headers.get("x-frame-options")).toBe("DENY");
    expect(second.headers.get("vary")).toBe("Accept-Encoding, Cookie");
    // No ETag: a revalidated copy would carry tickets already shown.
    expect(second.headers.get("etag")).toBeNull();
    expect(second.headers.get("content-encoding")).toBe("gzip");
  });

  it("keeps the public reviews API too, as JSON", async () => {
    await get("/api/testimonials?page=oldest");
    const cached = await getKept("/api/testimonials?page=oldest");
    expect(cached.headers.get("content-type")).toMatch(/^application\/json/);
    expect(cached.headers.get("etag")).toMatch(/^"/);
    expect(JSON.parse(cached.body).summary).toBeDefined();
    const revalidated = await fetch(new URL("/api/testimonials?page=oldest", server.url), {
      headers: { "If-None-Match": cached.headers.get("etag") ?? "" },
    });
    expect(revalidated.status).toBe(304);
  });

  it("keeps each theme apart, and never serves a visitor with a session from memory", async () => {
    await get("/", { Cookie: "theme=light" });
    const light = await getKept("/", { Cookie: "theme=light" });
    expect(light.body).toMatch(/<html[^>]*data-theme="light"/);
    const signedIn = await get("/", { Cookie: `theme=light; aquila_session=${randomBytes(32).toString("base64url")}` });
    expect(signedIn.headers.get("content-security-policy")).toContain("'nonce-");
  });

  it("keeps the page through OPTIONS, a refused review, a theme change and sign-outs and sign-ins that change nothing", async () => {
    const copy = (await getKept("/testimonials")).kept;
    const form = { "Content-Type": "application/x-www-form-urlencoded" };
    expect((await send("OPTIONS", "/")).status).toBe(204);
    expect((await send("OPTIONS", "/testimonials")).status).toBe(204);
    expect((await send("POST", "/testimonials", form, "intent=submit&name=&email=nobody&quote=")).status).toBe(400);
    expect((await send("POST", "/theme", form, "theme=light&redirectTo=/testimonials")).status).toBe(303);
    expect((await send("POST", "/admin/logout")).status).toBeLessThan(400);
    expect(
      (
        await send(
          "POST",
          "/api/auth/login",
          { "Content-Type": "application/json" },
          JSON.stringify({ username: "admin", password: "wrong" }),
        )
      ).status,
    ).toBe(401);
    expect((await get("/testimonials")).kept).toBe(copy);
  });

  it("answers HEAD from memory, with the kept page's headers", async () => {
    const kept = await getKept("/testimonials");
    const answer = await head("/testimonials");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-security-policy")).toBe(kept.headers.get("content-security-policy"));
    expect(answer.headers.get("content-security-policy")).not.toContain("nonce-");
  });

  it("serves the kept page whatever other cookies and unread query parameters come with the request, and never echoes them", async () => {
    const copy = (await getKept("/testimonials")).kept;
    expect((await get("/testimonials", { Cookie: "_ga=GA1.2.345; theme=dark; consent=all" })).kept).toBe(copy);
    const tracked = await get("/testimonials?utm_source=newsletter&email=someone%40example.com");
    expect(tracked.kept).toBe(copy);
    // The first visitor with such a query is rendered the page without it, so nobody's parameters are kept for others.
    const fresh = await get("/contact?utm_source=newsletter&topic=order");
    expect(fresh.body).not.toContain("utm_source");
    expect((await getKept("/contact?topic=order&utm_source=other")).kept).toBe(
      (await getKept("/contact?topic=order")).kept,
    );
  });

  it("renders a page once after a change, however many ask at the same moment, and serves the copy before it meanwhile", async () => {
    const copy = (await getKept("/testimonials")).kept;
    await addReview("Many At Once", true);
    // Once the change is heard, a HEAD is rendered for itself (with a nonce), keeps nothing and is no GET.
    await onceHeard(async () => (await head("/testimonials")).kept === null);
    const mark = server.output().length;
    const answers = await Promise.all(Array.from({ length: 8 }, () => get("/testimonials")));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(rendersSince(mark, "/testimonials")).toBe(1);
    expect(answers.filter((a) => a.kept !== copy).length).toBeGreaterThanOrEqual(1);
    for (const answer of answers) expect(answer.kept === copy || answer.body.includes("Many At Once")).toBe(true);
    expect((await getKept("/testimonials")).body).toContain("Many At Once");
  });

  /**
   * A write by another process shows on the next request once the server has heard of it: at
   * once on SQLite (the count is read before answering), within a moment on PostgreSQL (its
   * notice travels on a connection of its own, and the writer does not wait for it).
   */
  async function onceHeard(check: () => Promise<boolean>) {
    if (dialect === "sqlite") expect(await check()).toBe(true);
    else await expect.poll(check, { timeout: 1000, interval: 20 }).toBe(true);
  }

  it("shows a change written by another process on the next request once heard, and keeps the page until then", async () => {
    const copy = (await getKept("/testimonials")).kept;
    // Kept for as long as nothing changes: no expiry.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect((await get("/testimonials")).kept).toBe(copy);
    await addReview("Written Elsewhere", true);
    await onceHeard(async () => (await get("/testimonials")).body.includes("Written Elsewhere"));
    // A pending review changes the public ledger's count of reviews received, so it counts as a change too.
    const pendingBefore = (await getKept("/testimonials")).kept;
    await addReview("Waiting Elsewhere", false);
    await onceHeard(async () => (await get("/testimonials")).kept !== pendingBefore);
  });

  it("shows a review posted through this instance, and its publication by staff, on the very next request", async () => {
    const kept = await getKept("/testimonials");
    const review = {
      name: "Posted Here",
      email: "posted@example.com",
      rating: 9,
      quote: "Posted through this instance.",
      tags: [],
    };
    const posted = await send(
      "POST",
      "/api/testimonials",
      { "Content-Type": "application/json" },
      JSON.stringify(review),
    );
    expect(posted.status).toBe(201);
    const afterPost = await get("/testimonials");
    expect(afterPost.kept).toBeNull();
    expect(withoutTickets(afterPost.body)).not.toBe(withoutTickets(kept.body));

    await getKept("/testimonials");
    const cookie = await signIn();
    const all = (await (
      await send("POST", "/api/admin/testimonials", { Cookie: cookie, "Content-Type": "application/json" }, "{}")
    ).json()) as { testimonials: { id: string; name: string }[] };
    const id = all.testimonials.find((r) => r.name === "Posted Here")?.id;
    expect((await send("PATCH", `/api/admin/testimonials/${id}/approve`, { Cookie: cookie })).status).toBe(200);
    expect((await get("/testimonials")).body).toContain("Posted Here");
  });

  it("answers a review from the page's form with a redirect whose notice only its sender sees, and keeps no copy with it", async () => {
    const form = { "Content-Type": "application/x-www-form-urlencoded" };
    const body = new URLSearchParams({
      intent: "submit",
      name: "Flash Test",
      email: "flash@example.com",
      rating: "8",
      quote: "Sent from the page's own form.",
      honeypot: "",
    });
    const posted = await send("POST", "/testimonials", form, body.toString());
    expect(posted.status).toBe(303);
    expect(posted.headers.get("location")).toBe("/testimonials?sent=1");
    const notice = posted.headers.get("set-cookie")?.split(";")[0] ?? "";
    expect(notice).toMatch(/^aquila_flash=review-sent\./);
    const confirmation = await get("/testimonials?sent=1", { Cookie: notice });
    expect(confirmation.kept).toBeNull();
    expect(confirmation.headers.get("cache-control")).toContain("no-store");
    expect(confirmation.body).toContain("Testimonial Submitted");
    // Everyone else, and the sender's next visit, gets the shared page, without the notice.
    expect((await getKept("/testimonials?sent=1")).body).not.toContain("Testimonial Submitted");
  });

  it("marks what a signed-in member of staff sees as private, page and data alike", async () => {
    const cookie = await signIn();
    for (const target of ["/testimonials", "/testimonials.data", "/"]) {
      const response = await get(target, { Cookie: cookie });
      expect(response.status, target).toBe(200);
      expect(response.headers.get("cache-control"), target).toBe("private, no-store");
      expect(response.headers.get("vary") ?? "", target).toMatch(/\bCookie\b/);
    }
  });
});
