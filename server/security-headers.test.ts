import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, inlineScriptHashes, securityHeaders } from "./security-headers";

describe("content security policy", () => {
  it("never allows inline scripts without a nonce or hash", () => {
    const csp = contentSecurityPolicy({ nonce: "abc" }, { https: false });
    expect(csp).toContain("script-src 'self' 'nonce-abc'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("frame-src 'none'");
  });

  it("allows exactly the order form's origin as a frame", () => {
    expect(contentSecurityPolicy({}, { https: true, frameOrigin: "https://forms.example.com" })).toContain(
      "frame-src https://forms.example.com",
    );
  });

  it("lists the hashes of a prerendered page's inline scripts", async () => {
    const html = `<script>window.a=1</script><script type="module" src="/x.js"></script><script nonce="">b()</script>`;
    const expected = (body: string) => `sha256-${createHash("sha256").update(body).digest("base64")}`;
    expect(await inlineScriptHashes(html)).toEqual([expected("window.a=1"), expected("b()")]);
  });

  it("comes with HSTS, nosniff, a referrer policy and isolation headers", () => {
    const headers = securityHeaders({}, { https: true });
    expect(headers["Strict-Transport-Security"]).toMatch(/max-age=\d{8}/);
    expect(headers["X-Content-Type-Options"]).toBe("nosniff");
    expect(headers["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["Cross-Origin-Opener-Policy"]).toBe("same-origin");
    expect(headers["Cross-Origin-Resource-Policy"]).toBe("same-origin");
  });
});
