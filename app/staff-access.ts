import { staffRoutes } from "./route-manifest";
import { abilities, type Role, roleNames, roles } from "./lib/staff";

/**
 * The table of staff routes by role in docs/staff.md, made from the route manifest's `access` and
 * the roles' abilities: the same lists the server enforces. app/staff-access.test.ts fails when the
 * document and the code disagree, and prints the table to paste.
 */
export function routeRoleTable(): string {
  const header = `| Route | Kind of work | ${roles.map((role) => roleNames[role]).join(" | ")} |`;
  const rule = `|---|---|${roles.map(() => "---").join("|")}|`;
  const rows = staffRoutes.map((route) => {
    const allowed = abilities[route.access] as readonly Role[];
    const cells = roles.map((role) => (allowed.includes(role) ? "yes" : "403"));
    return `| \`${route.path}\` | ${route.access} | ${cells.join(" | ")} |`;
  });
  return [header, rule, ...rows].join("\n");
}
