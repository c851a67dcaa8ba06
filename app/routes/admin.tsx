import { Form, matchPath, NavLink, Outlet } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { requireStaffMiddleware, staffContext } from "~/features/auth/access.server";
import { countOpenLeads } from "~/features/leads/leads.server";
import { countOverdue } from "~/features/leads/queue.server";
import { leadKinds } from "~/lead-kinds.server";
import { countAwaitingModeration } from "~/features/reviews/moderation-store.server";
import { countSpam } from "~/lib/spam.server";
import type { NoticeHandle } from "~/lib/flash";
import { movedToSpamNotice } from "~/lib/spam-mark";
import { spamKindsFor } from "~/features/spam/access";
import { type Ability, can, type Role, roleNames } from "~/lib/staff";
import { staffRoutes } from "~/route-manifest";
import type { Route } from "./+types/admin";

/** The staff route a path under /admin is, from the route manifest. */
function staffRouteAt(path: string) {
  return staffRoutes.find((route) => matchPath({ path: route.path, end: true }, path));
}

/** What each page under /admin needs, from the route manifest's `access`; the layout itself is any staff member's. */
function abilityFor(path: string): Ability | undefined {
  if (path === "/admin" || path === "/admin/") return "staff";
  return staffRouteAt(path)?.access;
}

/**
 * Staff only, once for every page under /admin, and only those whose role holds the page's kind
 * of work (403 otherwise): their loaders and actions read who through `staffContext`. A page the
 * manifest marks `holdsPosts` keeps a form sent after its person's session ended.
 */
export const middleware: Route.MiddlewareFunction[] = [
  requireStaffMiddleware(abilityFor, (path) => staffRouteAt(path)?.holdsPosts ?? false),
];

/** What is new in each list, so a tab says where work waits (composed here: each count is its feature's). */
export async function loader({ context }: Route.LoaderArgs) {
  const staff = context.get(staffContext);
  const leads = can(staff.role, "leads");
  const none = { new: 0, pending: 0, marked: 0 };
  // Every staff page runs these, so each kind is one light count of its waiting rows and the
  // marked ones among them; a role counts only what it may open.
  const [messages, orders, reviews, held, overdue] = await Promise.all([
    leads ? countOpenLeads(leadKinds.message) : none,
    leads ? countOpenLeads(leadKinds.order) : none,
    can(staff.role, "reviews") ? countAwaitingModeration() : none,
    countSpam(spamKindsFor(staff.role)),
    leads ? countOverdue(leadKinds) : 0,
  ]);
  const counts: Record<TabCount, number> = {
    overdue,
    reviews: reviews.pending,
    orders: orders.new,
    messages: messages.new,
    held,
    // Marked as possible spam and not yet decided: a new message or order, a review awaiting moderation.
    marked: messages.marked + orders.marked + reviews.marked,
  };
  const shown = tabs
    .filter((tab) => can(staff.role, tab.access) && (tab.only?.(staff.role) ?? true))
    .map((tab) => tab.href);
  return { username: staff.username, role: roleNames[staff.role], counts, tabs: shown };
}

/** Moving a message or order to spam lands on the spam list, which says so. */
export const handle: NoticeHandle = { notices: { "moved-to-spam": () => movedToSpamNotice } };

type TabCount = "overdue" | "reviews" | "orders" | "messages" | "held" | "marked";

/**
 * Each tab's counts, shown when above zero, with the words that follow the number ("3 new"); the
 * words are on screen only where one tab has two numbers (`shown`), and always in the link's name.
 */
interface Tab {
  name: string;
  href: string;
  /** Who sees the tab: the same kind of work its page needs, so no one is shown a link that answers 403. */
  access: Ability;
  /** And only when this holds: a page every role may open that can hold nothing for some of them. */
  only?: (role: Role) => boolean;
  counts: Array<{ count: TabCount; label: string; shown?: boolean }>;
}

const tabs: Tab[] = [
  { name: "Today", href: "/admin/queue", access: "leads", counts: [{ count: "overdue", label: "overdue" }] },
  {
    name: "Reviews",
    href: "/admin/testimonials",
    access: "reviews",
    counts: [{ count: "reviews", label: "awaiting moderation" }],
  },
  { name: "Orders", href: "/admin/orders", access: "leads", counts: [{ count: "orders", label: "new" }] },
  { name: "Messages", href: "/admin/messages", access: "leads", counts: [{ count: "messages", label: "new" }] },
  { name: "Reply times", href: "/admin/replies", access: "leads", counts: [] },
  { name: "Visits", href: "/admin/visits", access: "leads", counts: [] },
  { name: "Content", href: "/admin/content", access: "content", counts: [] },
  { name: "Files", href: "/admin/files", access: "content", counts: [] },
  { name: "Launch checklist", href: "/admin/launch", access: "content", counts: [] },
  {
    name: "Spam",
    href: "/admin/spam",
    access: "staff",
    // An editor holds no kind of submission: a tab that always opens an empty list is only noise.
    only: (role) => spamKindsFor(role).length > 0,
    counts: [
      { count: "held", label: "held", shown: true },
      { count: "marked", label: "possible spam", shown: true },
    ],
  },
  { name: "Data requests", href: "/admin/data-requests", access: "owner", counts: [] },
  { name: "Accounts", href: "/admin/accounts", access: "owner", counts: [] },
  { name: "Audit log", href: "/admin/audit", access: "owner", counts: [] },
];

/** The staff area's frame: its navigation, who is signed in, and sign-out. */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container-page py-8">
      <div className="flex flex-wrap items-center justify-between gap-4 border-b border-line pb-4">
        <nav aria-label="Admin">
          <ul className="flex flex-wrap gap-2">
            {tabs
              .filter((tab) => loaderData.tabs.includes(tab.href))
              .map((tab) => (
                <li key={tab.href}>
                  <NavLink
                    to={tab.href}
                    className="inline-flex tap-target items-center rounded-md px-4 font-semibold hover:bg-surface-raised aria-[current=page]:bg-brand aria-[current=page]:text-brand-ink"
                  >
                    {/* One flex item, so the name reads "Messages, 3 new" with no break before the comma. */}
                    <span>
                      {tab.name}
                      {tab.counts.map(({ count, label, shown }) =>
                        loaderData.counts[count] > 0 ? (
                          <span key={count} className="ml-2 rounded-full border border-current px-2 text-small">
                            <span className="sr-only">, </span>
                            {loaderData.counts[count]} <span className={shown ? "" : "sr-only"}>{label}</span>
                          </span>
                        ) : null,
                      )}
                    </span>
                  </NavLink>
                </li>
              ))}
          </ul>
        </nav>
        <Form method="post" action="/admin/logout" className="flex items-center gap-3">
          <span className="text-muted">
            Signed in as{" "}
            <NavLink
              to="/admin/account"
              className="inline-flex tap-target items-center font-semibold text-ink underline"
            >
              {loaderData.username}
            </NavLink>{" "}
            ({loaderData.role})
          </span>
          <button type="submit" className={buttonClass("secondary")}>
            Sign out
          </button>
        </Form>
      </div>
      <div className="pt-6">
        <Outlet />
      </div>
    </div>
  );
}
