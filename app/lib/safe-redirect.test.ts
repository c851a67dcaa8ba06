import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

describe("where a sign-in or a theme change may send the browser", () => {
  it("keeps a path on this site, with its query and fragment", () => {
    expect(safeRedirect("/admin/messages?topic=repair#list")).toBe("/admin/messages?topic=repair#list");
    expect(safeRedirect("/")).toBe("/");
  });

  it.each([
    ["a tab a browser drops, leaving //evil.example", "/\t/evil.example/x"],
    ["a newline", "/\n/evil.example/x"],
    ["CR LF", "/\r\n/evil.example"],
    ["a protocol-relative address", "//evil.example/x"],
    ["a backslash a browser reads as a slash", "/\\evil.example/x"],
    ["an absolute address", "https://evil.example/x"],
    ["a scheme", "javascript:alert(1)"],
    ["no leading slash", "admin"],
    ["not text", 42],
    ["a dot segment that resolves to //evil.example", "/.//evil.example"],
    ["two dots that resolve to //evil.example", "/..//evil.example"],
    ["a dot segment and a backslash", "/./\\evil.example"],
    ["a dot segment and three slashes", "/.///evil.example"],
    ["an encoded dot segment", "/%2e//evil.example"],
    ["dot segments deeper down", "/admin/../..//evil.example/x"],
  ])("falls back for %s", (_, target) => {
    expect(safeRedirect(target)).toBe("/admin");
  });

  it("returns only what a browser resolves to the same path on this site", () => {
    const base = "http://site.invalid";
    for (const target of [
      "/admin/./messages",
      "/admin/x/../orders?q=1",
      "/a//b",
      "/.well-known/x",
      "/.//evil.example",
      "/%2e%2e//evil.example",
    ]) {
      const result = safeRedirect(target);
      const resolved = new URL(result, base);
      expect(resolved.origin, target).toBe(base);
      expect(`${resolved.pathname}${resolved.search}${resolved.hash}`, target).toBe(result);
    }
    expect(safeRedirect("/admin/x/../orders?q=1")).toBe("/admin/orders?q=1");
  });

  it("never returns what a response header cannot carry", () => {
    for (const target of ["/a\u3000b", "/a b", "/x\u0000y", "/%0d%0aSet-Cookie:x"]) {
      const unsafe = [...safeRedirect(target)].filter((c) => c.charCodeAt(0) <= 0x20 || c === "\u3000");
      expect(unsafe, target).toEqual([]);
    }
  });
});
