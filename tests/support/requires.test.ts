import { describe, expect, it } from "vitest";
import { decide, isCi, skipLine, type Tool } from "./requires";

/** A machine that has only `tools`, and the lines it was told. */
function machine(tools: Tool[], ci: boolean) {
  const told: string[] = [];
  return { told, has: (tool: Tool) => tools.includes(tool), ci, warn: (line: string) => told.push(line) };
}

describe("a suite that needs a tool", () => {
  it("runs, without a word, when the tool is there", () => {
    const here = machine(["nginx", "openssl"], true);
    expect(decide("the scan", ["nginx", "openssl"], here)).toBe(true);
    expect(here.told).toEqual([]);
  });

  it("is skipped off CI, naming itself and what it needs", () => {
    const here = machine(["openssl"], false);
    expect(decide("the scan", ["nginx", "openssl"], here)).toBe(false);
    expect(here.told).toEqual(["skipped: the scan — needs nginx (apt-get install nginx-light)"]);
  });

  it("names every missing tool", () => {
    expect(skipLine("the scan", ["nginx", "openssl"])).toBe(
      "skipped: the scan — needs nginx (apt-get install nginx-light) and openssl (apt-get install openssl)",
    );
  });

  it("fails the run in CI instead of skipping, naming the suite and the tool", () => {
    const here = machine([], true);
    expect(() => decide("the office clock", ["faketime"], here)).toThrow(
      "not run: the office clock — needs faketime (apt-get install faketime). CI is set",
    );
    expect(here.told).toEqual([]);
  });
});

describe("CI", () => {
  it("is any CI value but empty, 0 or false", () => {
    expect(isCi({ CI: "true" })).toBe(true);
    expect(isCi({ CI: "1" })).toBe(true);
    expect(isCi({})).toBe(false);
    expect(isCi({ CI: "" })).toBe(false);
    expect(isCi({ CI: "0" })).toBe(false);
    expect(isCi({ CI: "false" })).toBe(false);
  });
});
