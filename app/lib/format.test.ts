import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatDayMonthYear, formatFileSize, formatMonthYear } from "./format";

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

  it("writes a policy's date as day, month and year, whatever the server's time zone", () => {
    expect(formatDayMonthYear("2026-11-23")).toBe("23 November 2026");
    expect(formatDayMonthYear("2027-01-05")).toBe("5 January 2027");
  });

  it("shows dates and times in UTC, the same formatter giving each call its own answer", () => {
    expect(formatDate("2026-01-02T03:04:05.000Z")).toBe("Jan 2, 2026");
    expect(formatDate("2025-12-31T23:59:00.000Z")).toBe("Dec 31, 2025");
    expect(formatDateTime("2026-01-02T03:04:05.000Z")).toBe("Jan 2, 2026, 3:04 AM UTC");
    expect(formatDateTime("2026-07-14T15:30:00.000Z")).toBe("Jul 14, 2026, 3:30 PM UTC");
  });
});
