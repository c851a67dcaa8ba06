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

  it("gives editors the staff and content routes and nothing else: no leads, reviews, accounts or exports", () => {
    const rows = routeRoleTable()
      .split("\n")
      .slice(2)
      .map((row) => row.split("|").map((cell) => cell.trim()));
    expect(routeRoleTable().split("\n")[0]).toMatch(/\| Editor \|$/);
    for (const [, route, kind, , , , editor] of rows)
      expect(editor, route).toBe(kind === "staff" || kind === "content" ? "yes" : "403");
    // The rule above is not met by refusing everything: the editor's own account and the spam list open.
    expect(rows.filter((row) => row[6] === "yes").map((row) => row[1])).toEqual(
      expect.arrayContaining(["`/admin`", "`/admin/spam`", "`/admin/account`"]),
    );
    for (const route of [
      "`/admin/orders/export.csv`",
      "`/admin/data-requests/export.json`",
      "`/api/admin/testimonials`",
    ])
      expect(rows.find((row) => row[1] === route)?.[6], route).toBe("403");
  });
});
