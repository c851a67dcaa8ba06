import { describe, expect, it } from "vitest";
import { acceptsEncoding } from "./static-files";

describe("Accept-Encoding", () => {
  it("takes a coding named or left to *, and never one weighted 0", () => {
    expect(acceptsEncoding("gzip, deflate, br, zstd", "br")).toBe(true);
    expect(acceptsEncoding("gzip, deflate, br, zstd", "gzip")).toBe(true);
    expect(acceptsEncoding("br;q=1, gzip;q=0", "gzip")).toBe(false);
    expect(acceptsEncoding("gzip;q=0, identity", "gzip")).toBe(false);
    expect(acceptsEncoding("GZIP;Q=0.5", "gzip")).toBe(true);
    expect(acceptsEncoding("*", "br")).toBe(true);
    expect(acceptsEncoding("*;q=0, gzip", "br")).toBe(false);
    expect(acceptsEncoding("*, br;q=0", "br")).toBe(false);
    expect(acceptsEncoding("identity", "gzip")).toBe(false);
    expect(acceptsEncoding("x-gzip", "gzip")).toBe(false);
    expect(acceptsEncoding(undefined, "gzip")).toBe(false);
    expect(acceptsEncoding("deflate,BR", "br")).toBe(true);
    expect(acceptsEncoding("brotli, gzip", "br")).toBe(false);
  });
});
