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
  const response = await request.post("/theme", { form: { theme: "dark", redirectTo: "//evil.example/" }, maxRedirects: 0 });
  expect(response.headers().location).toBe("/");
});

for (const path of ["/", "/no-such-page"]) {
  test(`server-rendered ${path} carries the security headers with a nonce`, async ({ request }) => {
    const response = await request.get(path);
    const headers = response.headers();
    expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["strict-transport-security"]).toBeDefined();
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["cross-origin-opener-policy"]).toBe("same-origin");
    const html = await response.text();
    const nonce = headers["content-security-policy"]?.match(/'nonce-([^']+)'/)?.[1];
    for (const tag of html.match(/<script(?![^>]*src=)(?![^>]*ld\+json)[^>]*>/g) ?? []) {
      expect(tag).toContain(`nonce="${nonce}"`);
    }
  });
}

test("hashed assets are cached for a year and compressed ahead of time", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const asset = html.match(/\/assets\/[^"]+\.js/)?.[0];
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
});
