import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { createPageCache } from "../../server/page-cache";
import { exchange } from "../../server/test-exchange";
import { fillStartOf, ticketsWith } from "./form-ticket.server";
import { ticketLifetimeMs, ticketValuePattern } from "./form-ticket";
import { assessSpam, type FillStart } from "./forms";

const minFillMs = 2500;
/** The signals a submission sent at `now` with this start carries (no links, no burst). */
const signals = (start: FillStart, now: number) =>
  assessSpam({}, { start, minFillMs, recentFromAddress: 1, burstAt: 3, text: "Please call me about a cushion.", now })
    .reasons;

const ticketIn = (page: string) => [...page.matchAll(ticketValuePattern)][0]?.[1];

describe("a form's ticket", () => {
  const tickets = ticketsWith(randomBytes(32));

  it("measures from when this visitor was served the page, however old the kept copy", async () => {
    let now = Date.parse("2026-11-26T09:00:00Z");
    const version = () => 1;
    const cache = createPageCache(
      [{ path: "/contact", query: [] }],
      { https: false },
      { version, catchUp: async () => {}, resumedAt: () => undefined },
      () => false,
      () => tickets.issue(now),
    );
    // Rendered at nine, with the ticket the loader issued then, and kept.
    const first = exchange("GET", "/contact");
    expect(cache.serve(first.req, first.res, () => {})).toBe(false);
    cache.capture(first.req as unknown as Request, first.res as unknown as Response, (() => {}) as NextFunction);
    first.res.setHeader("Content-Type", "text/html; charset=utf-8");
    first.res.end(`<form><input type="hidden" name="ticket" value="${tickets.issue(now)}"/></form>`);
    await new Promise((resolve) => setTimeout(resolve, 50));

    // Served from memory three hours later, and sent 0.8 s after that: a fast fill, measured as one.
    now += 3 * 60 * 60_000;
    const later = exchange("GET", "/contact");
    expect(cache.serve(later.req, later.res, () => {})).toBe(true);
    const reading = tickets.read(ticketIn(later.res.body), now + 800);
    expect(reading).toMatchObject({ state: "valid", issuedAt: now });
    expect(signals(fillStartOf(reading), now + 800)).toEqual([
      { code: "too-fast", detail: "Sent 0.8 s after the form was shown." },
    ]);
    // The same visitor taking a minute is no signal at all.
    expect(signals(fillStartOf(tickets.read(ticketIn(later.res.body), now + 60_000)), now + 60_000)).toEqual([]);
  });

  it("cannot be made to say that a form was shown earlier: a forged ticket is a mark, not evidence of a slow fill", () => {
    const now = Date.parse("2026-11-26T09:00:00Z");
    const [version, , key, mac] = tickets.issue(now).split(".");
    // An hour earlier, with the MAC of the real one; and one signed with another secret.
    const backdated = [version, (now - 60 * 60_000).toString(36), key, mac].join(".");
    const otherSecret = ticketsWith(randomBytes(32)).issue(now - 60 * 60_000);
    const real = tickets.issue(now);
    for (const forged of [
      backdated,
      otherSecret,
      "t1.0.AAAA.AAAA",
      `${backdated}.extra`,
      `${real}!`,
      `${real}=`,
      ` ${real}`,
    ]) {
      const reading = tickets.read(forged, now + 500);
      expect(reading).toEqual({ state: "forged" });
      expect(signals(fillStartOf(reading), now + 500)).toEqual([
        { code: "unverified-start", detail: "Sent with a start time this site did not issue." },
      ]);
    }
    // A ticket from the future (beyond clock drift between instances) was not issued here either.
    expect(tickets.read(tickets.issue(now + 5 * 60_000), now)).toEqual({ state: "forged" });
  });

  it("is a mark when it is missing or past its week, never a pass", () => {
    const now = Date.parse("2026-11-26T09:00:00Z");
    expect(fillStartOf(tickets.read(undefined, now))).toEqual({
      kind: "unverified",
      detail: "Sent without the start time this site puts in its forms.",
    });
    expect(fillStartOf(tickets.read(["t1", "x"], now)).kind).toBe("unverified");
    const old = tickets.issue(now - ticketLifetimeMs - 1);
    expect(tickets.read(old, now)).toMatchObject({ state: "expired" });
    expect(signals(fillStartOf(tickets.read(old, now)), now).map((r) => r.code)).toEqual(["unverified-start"]);
  });

  it("is issued at one length, so a kept page's tickets can be put in without compressing it again", () => {
    const lengths = new Set(
      Array.from({ length: 200 }, (_, n) => tickets.issue(Date.parse("2026-01-01T00:00:00Z") + n * 7_919_993).length),
    );
    expect([...lengths]).toEqual([57]);
  });
});
