import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { routeRoleTable } from "./staff-access";

describe("the table of staff routes by role in docs/staff.md", () => {
  it("is the one the code enforces, row by row", () => {
    const doc = readFileSync(new URL("../docs/staff.md", import.meta.url), "utf8");
    const between = /<!-- route-roles:start -->\n([\s\S]*?)\n<!-- route-roles:end -->/.exec(doc)?.[1];
    expect(between, "docs/staff.md has lost its route-roles markers").toBeDefined();
    // On a difference, the expected text is the table to paste between the markers.
    expect(between).toBe(routeRoleTable());
  });

  it("keeps health details from moderators: no leads or owner route is open to them", () => {
    for (const row of routeRoleTable().split("\n").slice(2)) {
      const [, route, kind, , , moderator] = row.split("|").map((cell) => cell.trim());
      if (kind === "leads" || kind === "owner") expect(moderator, route).toBe("403");
    }
  });
});
