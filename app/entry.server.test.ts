import { data, RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setLogLevel } from "~/lib/logger.server";
import type { EntryContext } from "react-router";
import handleRequest, { handleError, streamTimeout } from "./entry.server";

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

const render = vi.hoisted(() => ({ abort: vi.fn() }));
vi.mock("react-dom/server", () => ({
  // A render that completes at once with a small document, as React's does once the data is in.
  renderToPipeableStream: (_element: unknown, options: { onAllReady: () => void }) => {
    queueMicrotask(() => options.onAllReady());
    return {
      abort: render.abort,
      pipe: (destination: NodeJS.WritableStream) =>
        destination.end("<!DOCTYPE html><html><head></head><body><p>Ready</p></body></html>"),
    };
  },
}));

describe("a finished render", () => {
  afterEach(() => {
    vi.useRealTimers();
    render.abort.mockReset();
  });

  it("leaves no timer behind, so nothing keeps the render alive after the answer has gone", async () => {
    vi.useFakeTimers();
    const response = await handleRequest(
      new Request("http://127.0.0.1/contact"),
      200,
      new Headers(),
      {} as EntryContext,
      new RouterContextProvider(),
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("<p>Ready</p>");
    // The stream timeout was for a render still running; this one is done.
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(streamTimeout * 2);
    expect(render.abort).not.toHaveBeenCalled();
  });
});
