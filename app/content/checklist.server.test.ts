import { describe, expect, it } from "vitest";
import { placeholders } from "./checklist.server";
import { manualsContent } from "./manuals";
import { owners } from "./owners";
import { coverage } from "./site";

describe("the launch checklist's placeholders", () => {
  it("names where each is filled in: an item's title and entry, or the code's file", () => {
    const lines = placeholders({
      "app/content/site.ts": { coverage },
      "app/content/owners.ts": { owners },
      "app/content/manuals.ts": { manualsContent },
    });
    expect(lines.filter((line) => line.item).map((line) => [line.where, line.item, line.itemLabel])).toEqual([
      ...manualsContent.guides.map((_, index) => [
        `manualsContent.guides[${index}]`,
        "manuals",
        `User guides, entry ${index + 1}`,
      ]),
      ["owners[0]", "owners", "Owners, entry 1"],
      ["owners[1]", "owners", "Owners, entry 2"],
      ["coverage.billingCode", "coverage", "Insurance coverage"],
    ]);
    // Every placeholder of these modules is in an item now: none is left in code.
    expect(lines.filter((line) => !line.item)).toEqual([]);
  });
});
