import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import routes from "./routes";
import { filterTabs, type ReviewPosition, reviewPageQuery } from "./features/reviews/fields";
import { allRoutes, cachedRoutes, isHydrated, routeId, routeManifest, siteRoutes } from "./route-manifest";
import { powerParam } from "./content/showcase";

const appDir = path.dirname(fileURLToPath(import.meta.url));

interface ConfigEntry {
  id?: string;
  file: string;
  path?: string;
  index?: boolean;
  children?: ConfigEntry[];
}

function flattenConfig(entries: ConfigEntry[]): ConfigEntry[] {
  return entries.flatMap((entry) => [entry, ...flattenConfig(entry.children ?? [])]);
}

describe("the route manifest", () => {
  it("puts every staff page under the /admin layout, whose middleware requires staff and each page's role", async () => {
    // Outside it: the sign-in, its second step and set-up, the passkey calls, an invitation (for
    // people not signed in yet), sign-out, the downloads (the exports, a visitor's attachment), and the preview of a draft (a public
    // page, drawn without the admin's frame), each of which checks its own role.
    const outside = routeManifest.filter((entry) => entry.path.startsWith("/admin") && !entry.children);
    expect(outside.map((entry) => entry.path).sort()).toEqual([
      "/admin/answers/:answer/files/:file",
      "/admin/content/:key/preview",
      "/admin/data-requests/export.json",
      "/admin/enrol",
      "/admin/invite/:token",
      "/admin/login",
      "/admin/logout",
      "/admin/messages/export.csv",
      "/admin/orders/export.csv",
      "/admin/passkey",
      "/admin/verify",
      "/admin/visits/export.csv",
    ]);
    for (const download of outside.filter((entry) => entry.path.includes("/export."))) {
      expect(download.access, download.path).toBeDefined();
      const source = readFileSync(path.join(appDir, download.file), "utf8");
      expect(source, download.file).toContain(`await requireAccess(request, "${download.access}")`);
      expect(source, download.file).toMatch(/requireConfirmed\(request, staff/);
    }
    // A visitor's attachment is a download of its own, behind the leads role.
    const attachment = outside.find((entry) => entry.path.startsWith("/admin/answers/"))!;
    expect(readFileSync(path.join(appDir, attachment.file), "utf8")).toContain(
      `await requireAccess(request, "${attachment.access}")`,
    );
    const layout = await import("./routes/admin");
    expect(layout.middleware).toHaveLength(1);
    // Every page under the layout names the kind of work it is, so the layout can refuse the rest.
    const admin = routeManifest.find((entry) => entry.path === "/admin");
    for (const child of admin?.children ?? []) expect(child.access, child.file).toBeDefined();
    // The admin API's routes are reviews', and check it themselves.
    for (const api of routeManifest.filter(
      (entry) => entry.path.startsWith("/api/admin/") && entry.path !== "/api/admin/login",
    )) {
      expect(api.access, api.path).toBe("reviews");
      expect(readFileSync(path.join(appDir, api.file), "utf8"), api.file).toContain("await requireStaffApi(request)");
    }
  });

  it("names a route module that exists for every entry, each once", () => {
    const files = allRoutes.map((entry) => entry.file);
    for (const file of files) expect(existsSync(path.join(appDir, file)), file).toBe(true);
    expect(new Set(files).size).toBe(files.length);
  });

  it("is what the router is configured with: every entry, by the id the root reads", () => {
    const config = flattenConfig(routes as ConfigEntry[]);
    expect(config.map((entry) => [entry.id, entry.file])).toEqual(
      allRoutes.map((entry) => [routeId(entry.file), entry.file]),
    );
    expect(config.find((entry) => entry.file === "routes/home.tsx")?.index).toBe(true);
    expect(config.find((entry) => entry.file === "routes/admin._index.ts")?.index).toBe(true);
    expect(config.find((entry) => entry.file === "routes/about.tsx")?.path).toBe("about");
    expect(config.find((entry) => entry.file === "routes/admin.order.tsx")?.path).toBe("orders/:id");
  });

  it("lists the public pages once each, prerendering only fixed paths", () => {
    const paths = siteRoutes.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toEqual(
      expect.arrayContaining(["/", "/about", "/testimonials", "/review-policy", "/contact", "/order"]),
    );
    for (const route of siteRoutes.filter((r) => r.prerender)) expect(route.path).toMatch(/^\/[a-z0-9-]*$/);
    expect(siteRoutes.find((r) => r.path === "/about")).toMatchObject({
      prerender: true,
      title: "About",
      changefreq: "monthly",
    });
    expect(siteRoutes.find((r) => r.path === "/testimonials")).toMatchObject({ prerender: false, changefreq: "daily" });
  });

  it("caches only the routes that ask for it, never a prerendered one or an admin page", () => {
    const cachedPaths = cachedRoutes.map((route) => route.path);
    expect(cachedPaths.sort()).toEqual(["/", "/api/testimonials", "/contact", "/order", "/testimonials"]);
    const prerendered = new Set(siteRoutes.filter((r) => r.prerender).map((r) => r.path));
    for (const cached of cachedPaths) {
      expect(prerendered.has(cached)).toBe(false);
      expect(cached.startsWith("/admin")).toBe(false);
    }
  });

  it("keys the kept pages of reviews by every parameter their links carry", () => {
    const positions: ReviewPosition[] = [
      { from: "newest" },
      { from: "oldest" },
      { before: "cursor" },
      { after: "cursor" },
    ];
    const carried = new Set(
      filterTabs.flatMap((tab) =>
        positions.flatMap((position) => [...new URLSearchParams(reviewPageQuery(tab.value, position)).keys()]),
      ),
    );
    for (const path of ["/testimonials", "/api/testimonials"]) {
      const query = cachedRoutes.find((route) => route.path === path)?.query ?? [];
      expect(
        [...carried].filter((name) => !query.includes(name)),
        path,
      ).toEqual([]);
    }
  });

  it("keys the kept home page by the parameter of its showcase toggle, which it reads", () => {
    expect(cachedRoutes.find((route) => route.path === "/")?.query).toContain(powerParam);
  });

  it("loads JavaScript unless one of the matched routes says the page works as HTML", () => {
    expect(isHydrated(["root", "routes/home"])).toBe(true);
    expect(isHydrated(["root", "routes/about"])).toBe(false);
    expect(isHydrated(["root", "routes/admin", "routes/admin.orders"])).toBe(true);
    expect(isHydrated(["root", "routes/not-found"])).toBe(true);
  });
});
