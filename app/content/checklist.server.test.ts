import { describe, expect, it } from "vitest";
import { placeholders } from "./checklist.server";
import { manuals } from "./manuals";
import { owners } from "./owners";
import { coverage } from "./site";

describe("the launch checklist's placeholders", () => {
  it("names where each is filled in: an item's title and entry, or the code's file", () => {
    const lines = placeholders({
      "app/content/site.ts": { coverage },
      "app/content/owners.ts": { owners },
      "app/content/manuals.ts": { manuals },
    });
    expect(lines.filter((line) => line.item).map((line) => [line.where, line.item, line.itemLabel])).toEqual([
      ["owners[0]", "owners", "Owners, entry 1"],
      ["owners[1]", "owners", "Owners, entry 2"],
      ["coverage.billingCode", "coverage", "Insurance coverage"],
    ]);
    const inCode = lines.filter((line) => !line.item);
    expect(inCode.length).toBe(manuals.filter((manual) => manual.placeholder).length);
    for (const line of inCode) {
      expect(line.file).toBe("app/content/manuals.ts");
      expect(line.itemLabel).toBeUndefined();
    }
  });
});
