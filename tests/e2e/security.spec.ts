import { createHash } from "node:crypto";
import { expect, test } from "./fixtures";

test("a state-changing request from another origin is refused and changes nothing", async ({ request }) => {
  const response = await request.post("/theme", {
    headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    form: { theme: "light", redirectTo: "/" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(403);
  expect(response.headers()["set-cookie"]).toBeUndefined();
});

test("a same-origin post is accepted", async ({ request, baseURL }) => {
  const response = await request.post("/theme", {
    headers: { Origin: baseURL ?? "" },
    form: { theme: "light", redirectTo: "/" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
  expect(response.headers()["set-cookie"]).toContain("theme=light");
});

test("a redirect target on another site is ignored", async ({ request }) => {
  const response = await request.post("/theme", {
    form: { theme: "dark", redirectTo: "//evil.example/" },
    maxRedirects: 0,
  });
  expect(response.headers().location).toBe("/");
});

/** Whether the policy lets an inline script run: by the response's nonce, or by its SHA-256 listed. */
function allowed(policy: string, tag: string, body: string): boolean {
  const nonce = policy.match(/'nonce-([^']+)'/)?.[1];
  if (nonce !== undefined && tag.includes(`nonce="${nonce}"`)) return true;
  return policy.includes(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
}

// "/" may be answered by a render (a nonce) or, once rendered, from the page cache (the hashes of
// its scripts, tests/e2e/page-cache.spec.ts): either way every inline script must be allowed.
// A missing page is never kept, so it always carries a nonce.
for (const path of ["/", "/no-such-page"]) {
  test(`${path} carries the security headers, and its policy allows each of its inline scripts`, async ({
    request,
  }) => {
    const response = await request.get(path);
    const headers = response.headers();
    const policy = headers["content-security-policy"] ?? "";
    expect(policy).toMatch(/script-src 'self' ('nonce-[A-Za-z0-9+/=]+'|'sha256-[A-Za-z0-9+/=]+')/);
    if (path === "/no-such-page") expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(headers["strict-transport-security"]).toBeDefined();
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["cross-origin-opener-policy"]).toBe("same-origin");
    const html = await response.text();
    const scripts = [...html.matchAll(/(<script(?![^>]*\ssrc=)(?![^>]*ld\+json)[^>]*>)([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, tag = "", body = ""] of scripts) {
      if (body.length === 0) continue;
      expect(allowed(policy, tag, body), tag).toBe(true);
    }
  });
}

test("hashed assets are cached for a year and compressed ahead of time", async ({ request }) => {
  const html = await (await request.get("/")).text();
  // The frameworks' chunk, which every such page loads: scripts too small to gain are not compressed.
  const asset = html.match(/\/assets\/framework-[^"]+\.js/)?.[0];
  expect(asset).toBeDefined();
  const response = await request.get(asset ?? "", { headers: { "Accept-Encoding": "br" } });
  expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(response.headers()["content-encoding"]).toBe("br");
  expect(response.headers()["content-security-policy"]).toBeDefined();
});

test("health and readiness answer", async ({ request }) => {
  expect((await request.get("/healthz")).status()).toBe(200);
  const ready = await request.get("/readyz");
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toEqual({ status: "ready" });
});

test("robots.txt and sitemap.xml come from the route list and SITE_URL", async ({ request, baseURL }) => {
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  expect(robots).toContain("Disallow: /admin");
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain(`<loc>${baseURL}/</loc>`);
  // Each user guide as a page, from the published guides.
  expect(sitemap).toContain(`<loc>${baseURL}/user-manuals/auto-start-booklet</loc>`);
});

test("every state-changing endpoint refuses another origin and stores nothing", async ({ request }) => {
  const { e2eDatabase } = await import("./seed");
  const count = () => {
    const db = e2eDatabase();
    const n = (
      db
        .prepare(
          "select (select count(*) from contact_messages) + (select count(*) from testimonials) + (select count(*) from sessions) as n",
        )
        .get() as { n: number }
    ).n;
    db.close();
    return n;
  };
  const before = count();
  const foreign = { Origin: "https://evil.example" };
  const contact = {
    name: "X",
    email: "x@example.com",
    topic: "general",
    message: "Cross-site message body",
    consent: "on",
  };
  const review = { name: "X", email: "x@example.com", rating: "9", quote: "Cross-site review", intent: "submit" };
  const attempts = [
    request.post("/theme", { headers: foreign, form: { theme: "light" } }),
    request.post("/contact", { headers: foreign, form: contact }),
    request.post("/api/contact", { headers: foreign, data: contact }),
    request.post("/testimonials", { headers: foreign, form: review }),
    request.post("/api/testimonials", { headers: foreign, data: review }),
    request.post("/api/auth/login", {
      headers: foreign,
      data: { username: "admin", password: "e2e-moderator-password-long" },
    }),
    request.post("/api/admin/login", { headers: foreign, data: { password: "e2e-moderator-password-long" } }),
    request.post("/admin/login", {
      headers: foreign,
      form: { username: "admin", password: "e2e-moderator-password-long" },
    }),
    request.post("/admin/logout", { headers: foreign }),
    request.delete("/api/admin/testimonials/anything", { headers: foreign }),
    request.patch("/api/admin/testimonials/anything/approve", { headers: foreign }),
    request.post("/api/contact", { headers: { "Sec-Fetch-Site": "cross-site" }, data: contact }),
  ];
  for (const response of await Promise.all(attempts)) expect(response.status(), response.url()).toBe(403);
  expect(count()).toBe(before);
});

test("guessing passwords is stopped with 429 and a Retry-After", async ({ playwright }) => {
  const { orderSiteURL } = await import("../../playwright.config");
  // The second instance keeps its own counters, so this does not lock out the other tests.
  const client = await playwright.request.newContext({ baseURL: orderSiteURL });
  const statuses: number[] = [];
  let retryAfter: string | undefined;
  for (let i = 0; i < 6; i++) {
    const response = await client.post("/api/auth/login", {
      data: { username: "brute-force-target", password: `guess-${i}` },
    });
    statuses.push(response.status());
    retryAfter ??= response.headers()["retry-after"];
  }
  // Five failures a minute from one address at one account (docs/decisions/010-sign-in-limits.md).
  expect(statuses.slice(0, 5)).toEqual(Array(5).fill(401));
  expect(statuses[5]).toBe(429);
  expect(Number(retryAfter)).toBeGreaterThan(0);
  expect(Number(retryAfter)).toBeLessThanOrEqual(60);
  await client.dispose();
});

test("the reviews API refuses invalid input with field errors and stores nothing", async ({ request }) => {
  const { e2eDatabase } = await import("./seed");
  const email = `api-invalid-${Date.now()}@example.com`;
  const response = await request.post("/api/testimonials", {
    data: { name: "Zed", email, rating: 42, quote: "ok", tags: ["<script>"] },
  });
  expect(response.status()).toBe(400);
  const body = await response.json();
  expect(Object.keys(body.errors).sort()).toEqual(["rating", "tags"]);
  const malformed = await request.post("/api/testimonials", {
    headers: { "Content-Type": "application/json" },
    data: "{not json",
  });
  expect(malformed.status()).toBe(400);
  const db = e2eDatabase();
  expect(db.prepare("select count(*) as n from testimonials where email = ?").get(email)).toEqual({ n: 0 });
  db.close();
});
