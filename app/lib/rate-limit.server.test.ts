import { describe, expect, it } from "vitest";
import { testDialects } from "#db/test-databases";
import { useTestDatabase } from "./test-database";
import { hitRateLimit } from "./rate-limit.server";

describe.each(testDialects)("rate limits on %s", (dialect) => {
  useTestDatabase(dialect);

  it("allows the limit, then refuses with the seconds left in the window", async () => {
    const start = Date.UTC(2026, 0, 1, 12, 0, 10);
    for (let i = 0; i < 3; i++) expect((await hitRateLimit("a", 3, 60, start + i)).allowed).toBe(true);
    const fourth = await hitRateLimit("a", 3, 60, start + 10);
    expect(fourth.allowed).toBe(false);
    expect(fourth.retryAfter).toBe(50);
  });

  it("does not reset at a window boundary: a burst straddling it still counts", async () => {
    const boundary = Date.UTC(2026, 0, 1, 13, 0, 0);
    for (let i = 0; i < 3; i++) expect((await hitRateLimit("b", 3, 60, boundary - 1000 + i)).allowed).toBe(true);
    expect((await hitRateLimit("b", 3, 60, boundary + 500)).allowed).toBe(false);
    // Once the earlier window has slid away, the key is allowed again.
    expect((await hitRateLimit("b", 3, 60, boundary + 59_000)).allowed).toBe(true);
  });

  it("keeps separate counts per key", async () => {
    const at = Date.UTC(2026, 0, 1, 14, 0, 0);
    expect((await hitRateLimit("c", 1, 60, at)).allowed).toBe(true);
    expect((await hitRateLimit("d", 1, 60, at)).allowed).toBe(true);
    expect((await hitRateLimit("c", 1, 60, at + 1)).allowed).toBe(false);
  });
});
