import { afterEach, describe, expect, it } from "vitest";
import { changedContent, defineContent, differingContent, readChangedContent, setContentSource } from "./live";

afterEach(() => setContentSource(undefined));

describe("content read through defineContent", () => {
  const list = defineContent("test-list", [
    { id: "a", text: "First" },
    { id: "b", text: "Second" },
  ]);
  const facts = defineContent("test-facts", { phone: { display: "866-7AQUILA" }, founded: 1999 });

  it("reads the initial value while nothing else is the source", () => {
    expect(facts.phone.display).toBe("866-7AQUILA");
    expect(list.map((entry) => entry.text)).toEqual(["First", "Second"]);
    expect(changedContent()).toBeUndefined();
  });

  it("reads the source's value on every read, as an array and an object behave", () => {
    const published = new Map<string, unknown>([
      ["test-list", [{ id: "c", text: "Only" }]],
      ["test-facts", { phone: { display: "800-555-0100" }, founded: 2001 }],
    ]);
    setContentSource({ read: (key) => published.get(key), changed: () => differingContent(published) });
    expect(facts.phone.display).toBe("800-555-0100");
    expect(Array.isArray(list)).toBe(true);
    expect(list).toHaveLength(1);
    expect([...list]).toEqual([{ id: "c", text: "Only" }]);
    expect(JSON.parse(JSON.stringify(list))).toEqual([{ id: "c", text: "Only" }]);
    expect(Object.entries(facts)).toEqual([
      ["phone", { display: "800-555-0100" }],
      ["founded", 2001],
    ]);
    expect({ ...facts }).toEqual({ phone: { display: "800-555-0100" }, founded: 2001 });
    expect("founded" in facts).toBe(true);
    // Only what differs from the initial value goes to the browser.
    expect(Object.keys(changedContent() ?? {})).toEqual(["test-list", "test-facts"]);
  });

  it("writes an initial value given as a function with the initial values, even when first run after a publish", () => {
    // In the browser, a page's module may first run after the root has set what was published.
    const published = new Map<string, unknown>([["test-facts", { phone: { display: "800-555-0100" }, founded: 2001 }]]);
    readChangedContent(Object.fromEntries(published));
    const story = defineContent("test-story", () => ({ text: `Founded in ${facts.founded}.` }));
    expect(story.text).toBe("Founded in 1999.");
    // What is published is still read after it, and by the item itself once it is published too.
    expect(facts.founded).toBe(2001);
    readChangedContent({ ...Object.fromEntries(published), "test-story": { text: "Founded in 2001." } });
    expect(story.text).toBe("Founded in 2001.");
  });

  it("is read-only: a page cannot change what the site says", () => {
    expect(() => {
      (facts as { founded: number }).founded = 2020;
    }).toThrow(/read-only/);
    expect(() => (list as unknown[]).push({})).toThrow(/read-only/);
  });

  it("in the browser, reads the items the server sent and the initial value for the rest", () => {
    readChangedContent({ "test-facts": { phone: { display: "800-555-0199" }, founded: 1999 } });
    expect(facts.phone.display).toBe("800-555-0199");
    expect(list[0]?.text).toBe("First");
    readChangedContent(undefined);
    expect(facts.phone.display).toBe("866-7AQUILA");
  });

  it("refuses a key declared twice", () => {
    expect(() => defineContent("test-facts", {})).toThrow(/twice/);
  });
});
