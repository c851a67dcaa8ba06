/**
 * The public pages. The sitemap, the prerender step and the browser tests all read this list,
 * so a new page is added here once (and to app/routes.ts).
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
  { path: "/about", title: "About", prerender: true, changefreq: "monthly", priority: 0.7 },
  { path: "/testimonials", title: "Testimonials", prerender: false, changefreq: "daily", priority: 0.8 },
  { path: "/review-policy", title: "How we moderate reviews", prerender: true, changefreq: "monthly", priority: 0.4 },
  { path: "/product", title: "Product", prerender: true, changefreq: "monthly", priority: 0.9 },
  { path: "/faq", title: "FAQ", prerender: true, changefreq: "monthly", priority: 0.7 },
  { path: "/case-studies", title: "Case Studies", prerender: true, changefreq: "monthly", priority: 0.6 },
  { path: "/user-manuals", title: "User Guides", prerender: true, changefreq: "monthly", priority: 0.6 },
  { path: "/contact", title: "Contact", prerender: false, changefreq: "monthly", priority: 0.8 },
  { path: "/order", title: "Order", prerender: false, changefreq: "monthly", priority: 0.8 },
];
