import { createHash } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedReview } from "../support/seed";
import { type ServerProcess, startServerProcess } from "./server-process";

/** The rendered-page cache (server/page-cache.ts) against the built server. */

const password = "page-cache-password";
let server: ServerProcess;
let file = "";

beforeAll(async () => {
  file = path.join(mkdtempSync(path.join(os.tmpdir(), "aquila-page-cache-")), "site.sqlite");
  server = await startServerProcess({ DATABASE_URL: file, ADMIN_PASSWORD: password });
  // The first published review also creates the staff account that publishes seeded reviews,
  // with its deliberately slow password hash: here, not inside a test.
  await addReview("Already Here", true);
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

/** A review written by this process, not through the server: only the database can tell the server. */
function addReview(name: string, approved: boolean) {
  return seedReview(file, { name, quote: "Fine.", rating: 8, approved, verified: false });
}

const get = (target: string, headers: Record<string, string> = {}) => fetch(new URL(target, server.url), { headers });

/** A page is kept once it has been compressed, a moment after the render that made it: ask until it comes from memory. */
async function getKept(target: string, headers: Record<string, string> = {}) {
  for (let attempt = 0; attempt < 40; attempt++) {
    const response = await get(target, headers);
    if (response.headers.get("etag")) return response;
    await response.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${target} never came from memory`);
}

describe("rendered pages kept in memory", () => {
  it("serves a repeat visit from memory, byte for byte, with each inline script's hash in the CSP", async () => {
    const first = await get("/testimonials");
    const firstBody = await first.text();
    expect(first.headers.get("content-security-policy")).toContain("'nonce-");
    const second = await getKept("/testimonials");
    const secondBody = await second.text();
    expect(secondBody).toBe(firstBody);
    const csp = second.headers.get("content-security-policy") ?? "";
    expect(csp).not.toContain("nonce-");
    const inline = [...secondBody.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? "").filter(Boolean);
    expect(inline.length).toBeGreaterThan(1);
    for (const script of inline) expect(csp).toContain(`'sha256-${createHash("sha256").update(script).digest("base64")}'`);
    expect(second.headers.get("x-frame-options")).toBe("DENY");
    expect(second.headers.get("vary")).toBe("Accept-Encoding, Cookie");
    const revalidated = await get("/testimonials", { "If-None-Match": second.headers.get("etag") ?? "" });
    expect(revalidated.status).toBe(304);
  });

  it("keeps the public reviews API too, as JSON", async () => {
    await get("/api/testimonials?page=oldest");
    const cached = await getKept("/api/testimonials?page=oldest");
    expect(cached.headers.get("content-type")).toMatch(/^application\/json/);
    expect(cached.headers.get("etag")).toMatch(/^"/);
    expect((await cached.json()).summary).toBeDefined();
  });

  it("keeps each theme apart, and never serves a visitor with a session from memory", async () => {
    await get("/", { Cookie: "theme=light" });
    const light = await getKept("/", { Cookie: "theme=light" });
    expect(await light.text()).toMatch(/<html[^>]*data-theme="light"/);
    const signedIn = await get("/", { Cookie: "theme=light; aquila_session=whatever" });
    expect(signedIn.headers.get("content-security-policy")).toContain("'nonce-");
  });

  it("shows a change written by another process on the very next request, and keeps the page until then", async () => {
    const before = await getKept("/testimonials");
    const etag = before.headers.get("etag");
    // Kept for as long as nothing changes: no expiry.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect((await get("/testimonials")).headers.get("etag")).toBe(etag);
    await addReview("Written Elsewhere", true);
    const after = await get("/testimonials");
    expect(after.headers.get("etag")).toBeNull();
    expect(await after.text()).toContain("Written Elsewhere");
    // A pending review changes the public ledger's count of reviews received, so it counts as a change too.
    await getKept("/testimonials");
    await addReview("Waiting Elsewhere", false);
    expect((await get("/testimonials")).headers.get("etag")).toBeNull();
  });

  it("shows a change made through this instance at once", async () => {
    const id = await addReview("Approved Here", false);
    await get("/testimonials");
    expect(await (await get("/testimonials")).text()).not.toContain("Approved Here");
    const login = await fetch(new URL("/api/auth/login", server.url), {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: new URL(server.url).origin },
      body: JSON.stringify({ username: "admin", password }),
    });
    const cookie = login.headers.get("set-cookie")?.split(";")[0] ?? "";
    const approve = await fetch(new URL(`/api/admin/testimonials/${id}/approve`, server.url), { method: "PATCH", headers: { Cookie: cookie, Origin: new URL(server.url).origin } });
    expect(approve.status).toBe(200);
    expect(await (await get("/testimonials")).text()).toContain("Approved Here");
  });
});
