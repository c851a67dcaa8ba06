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
  ])("falls back for %s", (_, target) => {
    expect(safeRedirect(target)).toBe("/admin/testimonials");
  });

  it("never returns what a response header cannot carry", () => {
    for (const target of ["/a\u3000b", "/a b", "/x\u0000y", "/%0d%0aSet-Cookie:x"]) {
      const unsafe = [...safeRedirect(target)].filter((c) => c.charCodeAt(0) <= 0x20 || c === "\u3000");
      expect(unsafe, target).toEqual([]);
    }
  });
});
