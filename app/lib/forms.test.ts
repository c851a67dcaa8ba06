import { describe, expect, it } from "vitest";
import { assessSpam, burstThreshold, countLinks, type SpamContext, startFromPayload } from "./forms";

const now = 1_750_000_000_000;
const calm: Omit<SpamContext, "start"> = {
  minFillMs: 2500,
  recentFromAddress: 1,
  burstAt: 3,
  text: "It helps me sit through a workday.",
  now,
};
/** The signals of a JSON client's payload, whose start time is the one it gives. */
const codes = (form: Record<string, unknown>, context = calm) =>
  assessSpam(form, { ...context, start: startFromPayload(form) });

describe("spam signals", () => {
  it("holds nothing back from a person who took their time", () => {
    expect(codes({ website: "", startedAt: now - 60_000 })).toEqual({ hold: false, reasons: [] });
  });

  it("says nothing about a missing or unreadable start time (an API client, requirements.md §5)", () => {
    expect(codes({ honeypot: "" })).toEqual({ hold: false, reasons: [] });
    expect(codes({ startedAt: "soon" })).toEqual({ hold: false, reasons: [] });
    expect(codes({ startedAt: now + 60_000 })).toEqual({ hold: false, reasons: [] });
  });

  it("marks a page form whose start time was not issued by the site, and measures nothing from it", () => {
    const result = assessSpam(
      { startedAt: now - 60_000 },
      { ...calm, start: { kind: "unverified", detail: "Sent with a start time this site did not issue." } },
    );
    expect(result).toEqual({
      hold: false,
      reasons: [{ code: "unverified-start", detail: "Sent with a start time this site did not issue." }],
    });
  });

  it("treats a fast fill as one signal, never a verdict: autofill takes a second", () => {
    const result = codes({ startedAt: now - 900 });
    expect(result.hold).toBe(false);
    expect(result.reasons.map((r) => r.code)).toEqual(["too-fast"]);
    expect(result.reasons[0]?.detail).toBe("Sent 0.9 s after the form was shown.");
  });

  it("holds on a filled honeypot alone, under either name, whatever its type", () => {
    expect(codes({ website: "http://x.example" }).hold).toBe(true);
    expect(codes({ honeypot: "x" }).hold).toBe(true);
    expect(codes({ honeypot: 1 }).hold).toBe(true);
    expect(codes({ honeypot: false }).hold).toBe(false);
  });

  it("never holds on weaker signals, however many meet: they mark the submission with their reasons", () => {
    // A correction re-sent at once, from a clinic's shared connection, naming three sites.
    const all = codes(
      { startedAt: now - 800 },
      { ...calm, recentFromAddress: 5, text: "See https://a.example, www.b.example/x and c.example/y" },
    );
    expect(all.hold).toBe(false);
    expect(all.reasons).toEqual([
      { code: "too-fast", detail: "Sent 0.8 s after the form was shown." },
      { code: "burst", detail: "Submission 5 from one address within 10 minutes." },
      { code: "links", detail: "Contains 3 links." },
    ]);
    const fastBurst = codes({ startedAt: now - 100 }, { ...calm, recentFromAddress: 3 });
    expect(fastBurst).toMatchObject({ hold: false });
    expect(fastBurst.reasons.map((r) => r.code)).toEqual(["too-fast", "burst"]);
  });

  it("keeps every signal with a held submission, so staff see all of them", () => {
    const held = codes({ website: "x", startedAt: now - 100 }, { ...calm, recentFromAddress: 3 });
    expect(held.hold).toBe(true);
    expect(held.reasons.map((r) => r.code)).toEqual(["honeypot", "too-fast", "burst"]);
  });

  it("lets one link through: a person pointing at something", () => {
    expect(codes({}, { ...calm, text: "My chair: https://example.com/chair" })).toEqual({ hold: false, reasons: [] });
    expect(codes({}, { ...calm, text: "My chair: https://www.example.com/x" })).toEqual({ hold: false, reasons: [] });
  });

  it("counts a burst from 60% of the rate limit, and never from the first post", () => {
    expect(burstThreshold(5)).toBe(3);
    expect(burstThreshold(1000)).toBe(600);
    expect(burstThreshold(1)).toBe(2);
  });
});

describe("counting links", () => {
  it("counts one address once, whatever its form", () => {
    expect(countLinks("https://www.example.com/x")).toBe(1);
    expect(countLinks("Look at (https://www.example.com/x).")).toBe(1);
    expect(countLinks("www.example.com")).toBe(1);
    expect(countLinks("http://example.com/a?b=c#d")).toBe(1);
    expect(countLinks("example.com/chair")).toBe(1);
  });

  it("counts two addresses as two, and the same address twice as one", () => {
    expect(countLinks("https://www.example.com/x and https://www.example.org/y")).toBe(2);
    expect(countLinks("https://a.example/x\nhttp://b.example")).toBe(2);
    expect(countLinks("https://www.example.com/x, again: https://www.example.com/x")).toBe(1);
  });

  it("counts nothing in ordinary writing", () => {
    expect(countLinks("I sit 8 hrs a day. It helps, e.g. on long trips; 18.5 in wide.")).toBe(0);
    expect(countLinks("Email me at ann@example.com")).toBe(0);
    expect(countLinks("")).toBe(0);
  });
});
