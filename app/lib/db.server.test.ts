import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#db/client.server";
import { getDatabase, renderWithoutDatabase, setDatabaseForTests } from "./db.server";

const standIn = { dialect: "sqlite", location: "stand-in" } as unknown as DatabaseHandle;

afterEach(() => setDatabaseForTests(undefined));

describe("a prerender may not read the database", () => {
  it("refuses the database inside a prerender and says which page asked", async () => {
    setDatabaseForTests(standIn);
    const { touchedDatabase } = await renderWithoutDatabase("/about", async () => {
      expect(() => getDatabase()).toThrow("/about is prerendered, so it may not read the database");
      return "";
    });
    expect(touchedDatabase).toBe(true);
  });

  it("reports the attempt even when the page caught the refusal and rendered something else", async () => {
    setDatabaseForTests(standIn);
    const { result, touchedDatabase } = await renderWithoutDatabase("/faq", async () => {
      await Promise.resolve();
      try {
        getDatabase();
        return "read";
      } catch {
        return "fallback";
      }
    });
    expect(result).toBe("fallback");
    expect(touchedDatabase).toBe(true);
  });

  it("lets a page that never asks render, and leaves the database to everything outside", async () => {
    setDatabaseForTests(standIn);
    const { result, touchedDatabase } = await renderWithoutDatabase("/product", async () => "<html>");
    expect({ result, touchedDatabase }).toEqual({ result: "<html>", touchedDatabase: false });
    expect(getDatabase()).toBe(standIn);
  });
});
