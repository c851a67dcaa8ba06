import { describe, expect, it } from "vitest";
import { assessSpam, burstThreshold } from "./forms";

const now = 1_750_000_000_000;
const calm = { minFillMs: 2500, recentFromAddress: 1, burstAt: 3, text: "It helps me sit through a workday.", now };
const codes = (form: Record<string, unknown>, context = calm) => assessSpam(form, context);

describe("spam signals", () => {
  it("holds nothing back from a person who took their time", () => {
    expect(codes({ website: "", startedAt: now - 60_000 })).toEqual({ spam: false, reasons: [] });
  });

  it("says nothing about a missing or unreadable start time (an API client, the spec's payloads)", () => {
    expect(codes({ honeypot: "" })).toEqual({ spam: false, reasons: [] });
    expect(codes({ startedAt: "soon" })).toEqual({ spam: false, reasons: [] });
    expect(codes({ startedAt: now + 60_000 })).toEqual({ spam: false, reasons: [] });
  });

  it("treats a fast fill as one signal, never a verdict: autofill takes a second", () => {
    const result = codes({ startedAt: now - 900 });
    expect(result.spam).toBe(false);
    expect(result.reasons.map((r) => r.code)).toEqual(["too-fast"]);
    expect(result.reasons[0]?.detail).toBe("Sent 0.9 s after the form was shown.");
  });

  it("quarantines on a filled honeypot alone, under either name, whatever its type", () => {
    expect(codes({ website: "http://x.example" }).spam).toBe(true);
    expect(codes({ honeypot: "x" }).spam).toBe(true);
    expect(codes({ honeypot: 1 }).spam).toBe(true);
    expect(codes({ honeypot: false }).spam).toBe(false);
  });

  it("quarantines when two weaker signals meet", () => {
    const fastBurst = codes({ startedAt: now - 100 }, { ...calm, recentFromAddress: 3 });
    expect(fastBurst).toMatchObject({ spam: true });
    expect(fastBurst.reasons.map((r) => r.code)).toEqual(["too-fast", "burst"]);
    const linksBurst = codes({}, { ...calm, recentFromAddress: 4, text: "see www.a-shop.example and https://b.example" });
    expect(linksBurst.reasons.map((r) => r.code)).toEqual(["burst", "links"]);
    expect(linksBurst.spam).toBe(true);
  });

  it("lets one link through: a person pointing at something", () => {
    expect(codes({}, { ...calm, text: "My chair: https://example.com/chair" })).toEqual({ spam: false, reasons: [] });
  });

  it("counts a burst from 60% of the rate limit, and never from the first post", () => {
    expect(burstThreshold(5)).toBe(3);
    expect(burstThreshold(1000)).toBe(600);
    expect(burstThreshold(1)).toBe(2);
  });
});
