// The data-growth case: the routes whose render cost should not grow with the number of reviews.
import { Buffer } from "node:buffer";
import Database from "../../../db/sqlite-driver.mjs";
import { load } from "./wrk.mjs";
import { fetchRaw } from "./servers.mjs";
import { fmt } from "./figures.mjs";

/** The published reviews of the data-growth case: a render should cost the same at each. */
export const growthLevels = [100, 10_000, 100_000];
/** Seconds each rendered route runs, not counted, on each growth server before the first turn. */
export const firstWarmupSeconds = 5;

/** Turns over the growth servers, and the seconds each route is measured in a turn. */
export const growthTurns = 3;
export const growthTurnSeconds = 5;

/**
 * The place of the review in the middle of the newest-first order, as the cursor a page's link
 * carries (`?before=`, decision 019): the page after it is as far from both ends as any page.
 */
function middleCursor(databaseFile) {
  const db = new Database(databaseFile, { readonly: true });
  try {
    db.pragma("busy_timeout = 5000");
    const { n } = /** @type {{ n: number }} */ (
      db.prepare("select count(*) as n from testimonials where approved = 1").get()
    );
    const row = /** @type {{ created_at: string, id: string } | undefined} */ (
      db
        .prepare(
          "select created_at, id from testimonials where approved = 1 order by created_at desc, id desc limit 1 offset ?",
        )
        .get(Math.floor(n / 2))
    );
    if (!row) throw new Error("no approved review in the middle of the list");
    return Buffer.from(`${row.created_at} ${row.id}`).toString("base64url");
  } finally {
    db.close();
  }
}

/**
 * The routes of the data-growth case, on one site (the middle page's cursor is its own). Beside
 * the pages, two that show where a render's time goes: the page's data as React Router sends it to
 * a browser that navigates (its loaders, without the render), and a page with no data at all (the
 * 404 page: the document, its header and its footer).
 */
export function growthRoutes(databaseFile) {
  return [
    { key: "testimonials", label: "/testimonials", path: "/testimonials" },
    { key: "tag", label: "/testimonials?tag=travel", path: "/testimonials?tag=travel" },
    {
      key: "middle",
      label: "/testimonials?before=(middle)",
      path: `/testimonials?before=${middleCursor(databaseFile)}`,
    },
    { key: "oldest", label: "/testimonials?page=oldest", path: "/testimonials?page=oldest" },
    { key: "data", label: "/testimonials.data", note: "its data, not rendered", path: "/testimonials.data" },
    { key: "shell", label: "/no-such-page", note: "the 404 page", path: "/no-such-page", status: 404 },
    { key: "api", label: "/api/testimonials", path: "/api/testimonials" },
    { key: "home", label: "/", path: "/" },
    { key: "contact", label: "/contact", path: "/contact" },
  ];
}

/** One route of a growth server, on its own core. */
export async function measureRoute(options, { level, site }, route) {
  const url = `${site.url}${route.path}`;
  const probe = await fetchRaw(url);
  if (probe.status !== (route.status ?? 200)) throw new Error(`${route.path} answered ${probe.status}`);
  return load(
    `${route.label} rendered, ${fmt(level)} reviews`,
    { ...options, check: site.check },
    { url, status: route.status },
  );
}
