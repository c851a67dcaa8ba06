import benchmarks from "../../docs/benchmarks.json";
import { siteRoutes } from "../route-manifest";

/**
 * The latest Lighthouse figures from docs/benchmarks.json (written by `npm run bench`), as the
 * accessibility statement quotes them. Read at build, so the statement always shows the figures
 * committed with the code it describes.
 */
export interface AccessibilityFigures {
  /** The day of the run, YYYY-MM-DD. */
  date: string;
  lighthouseVersion: string;
  runsPerRoute: number;
  /** Each page measured, named by its title (its path when it is no longer a page). */
  pages: Array<{ route: string; title: string; accessibility: number }>;
}

export function accessibilityFigures(): AccessibilityFigures {
  const run = benchmarks.lighthouse;
  return {
    date: run.machine.date.slice(0, 10),
    lighthouseVersion: run.lighthouseVersion,
    runsPerRoute: run.runsPerRoute,
    pages: run.routes.map((r) => ({
      route: r.route,
      title: siteRoutes.find((page) => page.path === r.route)?.title ?? r.route,
      accessibility: r.scores.accessibility,
    })),
  };
}
