import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressRender, renderEncoding } from "./render-compression.server";

describe("the encoding a rendered document is compressed with", () => {
  it("is what the compression middleware would pick when that is br or gzip", () => {
    expect(renderEncoding("gzip")).toBe("gzip");
    expect(renderEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(renderEncoding("gzip;q=0.5, br;q=0.4")).toBe("gzip");
    expect(renderEncoding("br;q=0.5, gzip;q=0.5")).toBe("br");
    expect(renderEncoding("br;q=0, gzip")).toBe("gzip");
    expect(renderEncoding("*")).toBe("br");
    expect(renderEncoding("GZIP ; q=1.0")).toBe("gzip");
    // Ties go to the preferred order, not the order the client listed them in.
    expect(renderEncoding("gzip, br")).toBe("br");
    expect(renderEncoding("deflate, gzip")).toBe("gzip");
  });

  it("is left to the middleware otherwise", () => {
    for (const header of [
      undefined,
      null,
      "",
      "identity",
      "deflate",
      "deflate, gzip;q=0.2",
      "gzip;q=0.5, identity",
      "*;q=0",
      "gzip;q=0",
      "gzip;q=abc",
      "x-gzip",
    ]) {
      expect(renderEncoding(header)).toBeUndefined();
    }
  });

  it("compresses so that the original comes back", () => {
    const body = Buffer.from(`<!DOCTYPE html><html><body>${"“Quoted” café ✓ ".repeat(500)}</body></html>`, "utf8");
    expect(gunzipSync(compressRender(body, "gzip")).equals(body)).toBe(true);
    expect(brotliDecompressSync(compressRender(body, "br")).equals(body)).toBe(true);
  });
});
