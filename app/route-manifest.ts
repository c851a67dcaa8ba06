/**
 * Every route of the site, once. The router (app/routes.ts), the prerender step, the root's
 * choice to load JavaScript, the page cache, the sitemap, the benchmarks and the browser tests
 * all read this list, so a new page is one entry here plus its route file.
 *
 * A route is rendered per request unless it says `render: "prerender"`: then it is rendered once
 * at build (per theme) and served as a file, and the build fails if rendering it touched the
 * database, whose answer would be frozen into the file (server/prerender.ts). Caching a
 * per-request route's anonymous answers is asked for with `cache`, which names the query
 * parameters the route reads and the tables it reads (server/page-cache.ts).
 *
 * Plain data with no imports, so the client's root can read `hydrate` without pulling in
 * anything else.
 */

/**
 * The tables a kept page may read (db/public-changes.ts says how each is watched). Written out,
 * not imported: this module is plain data the client's root reads.
 */
export type PublicTable =
  | "testimonials"
  | "review_removals"
  | "review_tallies"
  | "review_filters"
  | "review_filter_tallies"
  | "response_figures";

export type ChangeFrequency = "daily" | "weekly" | "monthly";

/** A public page: named in the sitemap and walked by the browser tests (axe, no JavaScript). */
export interface PublicPage {
  title: string;
  changefreq: ChangeFrequency;
  priority: number;
}

interface RouteBase {
  /** The URL path ("/" for the home page, "*" for everything unmatched); a child's is relative. */
  path: string;
  /** The route module, relative to app/. */
  file: string;
  /** false: the page works fully as HTML and loads no JavaScript (docs/decisions/005). */
  hydrate?: boolean;
  page?: PublicPage;
  /**
   * A public route with a parameter (a guide's page): one address of it, which the browser tests
   * walk and the benchmarks measure where they walk the public pages.
   */
  example?: string;
  /**
   * Staff only: the kind of work the route is (app/lib/staff.ts `abilities`: staff, reviews,
   * leads, content, owner), which decides the roles that may use it. The /admin layout enforces it
   * for its children; the downloads and the admin API enforce it themselves. Written out as a
   * string: this module imports nothing.
   */
  access?: "staff" | "reviews" | "leads" | "content" | "owner";
  /**
   * Staff only: a form posted here after its person's session ended is held, and the page, once
   * they have signed in again, shows it filled (app/features/auth/held-posts.server.ts); its loader
   * gives the held form back. Only under the /admin layout, whose guard holds it.
   */
  holdsPosts?: true;
  children?: RouteEntry[];
}

export type RouteEntry =
  | (RouteBase & { render: "prerender"; page: PublicPage; cache?: never })
  | (RouteBase & {
      render?: "server";
      /**
       * Anonymous GET answers of this path are kept and served from memory (server/page-cache.ts),
       * one per theme and per value of the query parameters named here: every parameter the route
       * reads, and no other (any other is dropped before rendering, so it cannot make a new page).
       */
      cache?: {
        query: readonly string[];
        /**
         * Every table the route's anonymous answer reads. A kept copy is replaced only when the
         * database says a watched table changed (db/public-changes.ts), so each must be watched:
         * app/page-cache-reads.server.test.ts renders every kept route, records the tables it
         * touches, and fails on one missing here or not watched.
         */
        reads: readonly PublicTable[];
      };
    });

/** What the reviews page and API read: the reviews, the removals the public ledger counts, and the tallies, tag filters and tab counts kept from them. */
const reviewTables = [
  "testimonials",
  "review_removals",
  "review_tallies",
  "review_filters",
  "review_filter_tallies",
] as const;

/** The pager and filter of a list of reviews (features/reviews/fields.ts: parseFilter, parsePosition). */
const reviewPageQuery = ["tag", "before", "after", "page"] as const;

export const routeManifest: RouteEntry[] = [
  {
    path: "/",
    file: "routes/home.tsx",
    cache: { query: ["power"], reads: ["testimonials"] },
    page: { title: "Home", changefreq: "weekly", priority: 1 },
  },
  {
    path: "/about",
    file: "routes/about.tsx",
    render: "prerender",
    hydrate: false,
    page: { title: "About", changefreq: "monthly", priority: 0.7 },
  },
  {
    path: "/testimonials",
    file: "routes/testimonials.tsx",
    cache: { query: reviewPageQuery, reads: reviewTables },
    page: { title: "Testimonials", changefreq: "daily", priority: 0.8 },
  },
  {
    path: "/review-policy",
    file: "routes/review-policy.tsx",
    render: "prerender",
    hydrate: false,
    page: { title: "How we moderate reviews", changefreq: "monthly", priority: 0.4 },
  },
  {
    path: "/product",
    file: "routes/product.tsx",
    render: "prerender",
    hydrate: false,
    page: { title: "Product", changefreq: "monthly", priority: 0.9 },
  },
  {
    path: "/faq",
    file: "routes/faq.tsx",
    render: "prerender",
    hydrate: false,
    page: { title: "FAQ", changefreq: "monthly", priority: 0.7 },
  },
  {
    path: "/case-studies",
    file: "routes/case-studies.tsx",
    render: "prerender",
    hydrate: false,
    page: { title: "Case Studies", changefreq: "monthly", priority: 0.6 },
  },
  {
    path: "/user-manuals",
    file: "routes/user-manuals.tsx",
    render: "prerender",
    hydrate: false,
    page: { title: "User Guides", changefreq: "monthly", priority: 0.6 },
  },
  // One guide as a page: rendered per request, since an editor may add a guide at any time.
  {
    path: "/user-manuals/:id",
    file: "routes/user-manual.tsx",
    hydrate: false,
    // The longest guide.
    example: "/user-manuals/auto-start-booklet",
  },
  {
    path: "/paying",
    file: "routes/paying.tsx",
    render: "prerender",
    hydrate: false,
    page: { title: "Paying for SofTech", changefreq: "monthly", priority: 0.7 },
  },
  {
    path: "/contact",
    file: "routes/contact.tsx",
    cache: { query: ["topic", "subject"], reads: ["response_figures"] },
    page: { title: "Contact", changefreq: "monthly", priority: 0.8 },
  },
  {
    path: "/order",
    file: "routes/order.tsx",
    cache: { query: [], reads: ["response_figures"] },
    page: { title: "Order", changefreq: "monthly", priority: 0.8 },
  },
  {
    path: "/privacy",
    file: "routes/privacy.tsx",
    render: "prerender",
    hydrate: false,
    page: { title: "Privacy Policy", changefreq: "monthly", priority: 0.3 },
  },
  {
    path: "/accessibility",
    file: "routes/accessibility.tsx",
    render: "prerender",
    hydrate: false,
    page: { title: "Accessibility Statement", changefreq: "monthly", priority: 0.3 },
  },

  { path: "/theme", file: "routes/theme.ts" },
  { path: "/api/contact", file: "routes/api.contact.ts" },
  { path: "/api/orders", file: "routes/api.orders.ts" },
  { path: "/api/form-steps", file: "routes/api.form-steps.ts" },
  {
    path: "/api/testimonials",
    file: "routes/api.testimonials.ts",
    cache: { query: reviewPageQuery, reads: reviewTables },
  },
  { path: "/api/admin/testimonials", file: "routes/api.admin.testimonials.ts", access: "reviews" },
  { path: "/api/admin/testimonials/:id", file: "routes/api.admin.testimonial.ts", access: "reviews" },
  { path: "/api/admin/testimonials/:id/approve", file: "routes/api.admin.testimonial-approve.ts", access: "reviews" },
  { path: "/api/auth/login", file: "routes/api.auth.login.ts" },
  { path: "/api/admin/login", file: "routes/api.admin.login.ts" },

  { path: "/admin/login", file: "routes/admin.login.tsx" },
  { path: "/admin/logout", file: "routes/admin.logout.ts" },
  { path: "/admin/verify", file: "routes/admin.verify.tsx" },
  { path: "/admin/enrol", file: "routes/admin.enrol.tsx" },
  { path: "/admin/passkey", file: "routes/admin.passkey.ts" },
  { path: "/admin/invite/:token", file: "routes/admin.invite.tsx" },
  { path: "/admin/messages/export.csv", file: "routes/admin.messages.export.ts", access: "leads" },
  { path: "/admin/orders/export.csv", file: "routes/admin.orders.export.ts", access: "leads" },
  { path: "/admin/visits/export.csv", file: "routes/admin.visits.export.ts", access: "leads" },
  { path: "/admin/data-requests/export.json", file: "routes/admin.data-requests.export.ts", access: "owner" },
  { path: "/admin/answers/:answer/files/:file", file: "routes/admin.answer-file.ts", access: "leads" },
  { path: "/admin/content/:key/preview", file: "routes/admin.content-preview.ts", access: "content" },
  {
    path: "/admin",
    file: "routes/admin.tsx",
    children: [
      { path: "", file: "routes/admin._index.ts", access: "staff" },
      { path: "queue", file: "routes/admin.queue.tsx", access: "leads" },
      { path: "replies", file: "routes/admin.replies.tsx", access: "leads" },
      { path: "visits", file: "routes/admin.visits.tsx", access: "leads" },
      { path: "templates", file: "routes/admin.templates.tsx", access: "leads" },
      { path: "testimonials", file: "routes/admin.testimonials.tsx", access: "reviews" },
      { path: "orders", file: "routes/admin.orders.tsx", access: "leads" },
      { path: "orders/:id", file: "routes/admin.order.tsx", access: "leads" },
      { path: "messages", file: "routes/admin.messages.tsx", access: "leads" },
      { path: "messages/:id", file: "routes/admin.message.tsx", access: "leads" },
      { path: "person/:kind/:id", file: "routes/admin.person.tsx", access: "leads" },
      { path: "spam", file: "routes/admin.spam.tsx", access: "staff" },
      { path: "data-requests", file: "routes/admin.data-requests.tsx", access: "owner" },
      { path: "accounts", file: "routes/admin.accounts.tsx", access: "owner" },
      { path: "audit", file: "routes/admin.audit.tsx", access: "owner" },
      { path: "content", file: "routes/admin.content.tsx", access: "content" },
      { path: "content/:key", file: "routes/admin.content-item.tsx", access: "content", holdsPosts: true },
      { path: "launch", file: "routes/admin.launch.tsx", access: "content" },
      { path: "files", file: "routes/admin.files.tsx", access: "content" },
      { path: "account", file: "routes/admin.account.tsx", access: "staff" },
      { path: "confirm", file: "routes/admin.confirm.tsx", access: "staff" },
    ],
  },

  { path: "/robots.txt", file: "routes/robots.ts" },
  { path: "/sitemap.xml", file: "routes/sitemap.ts" },
  { path: "*", file: "routes/not-found.tsx" },
];

/** The id React Router gives a route module: its file without the extension ("routes/about"). */
export function routeId(file: string): string {
  return file.replace(/\.[cm]?[jt]sx?$/, "");
}

function flatten(entries: RouteEntry[]): RouteEntry[] {
  return entries.flatMap((entry) => [entry, ...flatten(entry.children ?? [])]);
}

/** A child's path joined to its parent's: "/admin" and "orders/:id" make "/admin/orders/:id". */
function fullPath(parent: string, path: string): string {
  return path === "" ? parent : `${parent}/${path}`;
}

/** Every staff route, with its full path and the kind of work it is: the table of who may use what. */
export const staffRoutes: Array<{
  path: string;
  file: string;
  access: NonNullable<RouteEntry["access"]>;
  holdsPosts: boolean;
}> = routeManifest.flatMap((entry) =>
  [entry, ...(entry.children ?? []).map((child) => ({ ...child, path: fullPath(entry.path, child.path) }))].flatMap(
    (route) =>
      route.access
        ? [{ path: route.path, file: route.file, access: route.access, holdsPosts: route.holdsPosts === true }]
        : [],
  ),
);

/** Every entry, the admin's children included. */
export const allRoutes = flatten(routeManifest);

/** One address of each public route with a parameter (`example`). */
export const examplePages: string[] = allRoutes.flatMap((entry) => (entry.example ? [entry.example] : []));

/** The ids of routes whose pages load no JavaScript. */
const htmlOnlyIds = new Set(allRoutes.filter((entry) => entry.hydrate === false).map((entry) => routeId(entry.file)));

/** Whether a page made of these matched routes loads React (every one of them must allow it). */
export function isHydrated(matchedIds: Iterable<string>): boolean {
  for (const id of matchedIds) if (htmlOnlyIds.has(id)) return false;
  return true;
}

export interface SiteRoute extends PublicPage {
  path: string;
  /** Rendered once at build (per theme) and served as a file; otherwise rendered per request. */
  prerender: boolean;
  hydrate: boolean;
}

/** The public pages, in sitemap order. */
export const siteRoutes: SiteRoute[] = routeManifest.flatMap((entry) =>
  entry.page
    ? [{ path: entry.path, prerender: entry.render === "prerender", hydrate: entry.hydrate !== false, ...entry.page }]
    : [],
);

export interface CachedRoute {
  path: string;
  /** The route module, relative to app/. */
  file: string;
  /** The query parameters the route reads: the only ones that can make a different page. */
  query: readonly string[];
  /** The tables it reads. */
  reads: readonly PublicTable[];
}

/** The routes whose anonymous GET answers the page cache may keep. */
export const cachedRoutes: CachedRoute[] = routeManifest.flatMap((entry) =>
  entry.render !== "prerender" && entry.cache
    ? [{ path: entry.path, file: entry.file, query: entry.cache.query, reads: entry.cache.reads }]
    : [],
);
