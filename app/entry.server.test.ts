import { data } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setLogLevel } from "~/lib/logger.server";
import { handleError } from "./entry.server";

/** What a failing request writes to the log, as the log shipper would read it. */
function logged(error: unknown, url: string): string {
  const lines: string[] = [];
  const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
    lines.push(String(chunk));
    return true;
  });
  try {
    handleError(error, { request: new Request(url) } as Parameters<typeof handleError>[1]);
  } finally {
    spy.mockRestore();
  }
  return lines.join("");
}

describe("errors in the log", () => {
  afterEach(() => setLogLevel("silent"));

  it("name the page that failed, never what was typed into its query (/privacy: logs hold no address)", () => {
    setLogLevel("info");
    const url = "http://127.0.0.1/admin/data-requests/export.json?email=ana%40example.com";
    const failed = logged(new Error("database is locked"), url);
    expect(failed).toContain('"url":"http://127.0.0.1/admin/data-requests/export.json?…"');
    expect(failed).not.toContain("ana");
    // Thrown by a loader as a 4xx answer: logged too, the same way.
    const refused = logged(data("no", { status: 404 }), "http://127.0.0.1/admin/orders/x?q=ana%40example.com");
    expect(refused).toContain('"url":"http://127.0.0.1/admin/orders/x?…"');
    expect(refused).not.toContain("ana");
  });
});
