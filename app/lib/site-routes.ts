/**
 * The public pages, in navigation order. The sitemap, the prerender step and the browser tests
 * all read this list, so a new page is added here once.
 */
export interface SiteRoute {
  path: string;
  title: string;
  /** Rendered once at build (per theme) and served as a file; otherwise rendered per request. */
  prerender: boolean;
  changefreq: "daily" | "weekly" | "monthly";
  priority: number;
}

export const siteRoutes: SiteRoute[] = [
  { path: "/", title: "Home", prerender: false, changefreq: "weekly", priority: 1 },
];
