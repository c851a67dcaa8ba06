import { describe, expect, it } from "vitest";
import { formatFileSize, formatMonthYear } from "./format";

describe("formatting", () => {
  it("shows sizes in decimal units", () => {
    expect(formatFileSize(2_100_000)).toBe("2.1 MB");
    expect(formatFileSize(12_436)).toBe("12 KB");
    expect(formatFileSize(512)).toBe("512 bytes");
  });

  it("shows month and year whatever the server's time zone", () => {
    expect(formatMonthYear("2024-12-01")).toBe("December 2024");
    expect(formatMonthYear("2025-01-01")).toBe("January 2025");
  });
});
