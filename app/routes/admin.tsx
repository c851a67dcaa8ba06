import { Form, NavLink, Outlet } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { requireStaffPage } from "~/features/auth/auth.server";
import { countNewOrders } from "~/features/orders/admin.server";
import { countSpam } from "~/lib/spam.server";
import type { Route } from "./+types/admin";

export async function loader({ request }: Route.LoaderArgs) {
  const staff = await requireStaffPage(request);
  const [orders, spam] = await Promise.all([countNewOrders(), countSpam()]);
  return { username: staff.username, orders, spam };
}

/** `count` names the loader's number a tab shows when there is something waiting. */
const tabs: Array<{ name: string; href: string; count?: "orders" | "spam" }> = [
  { name: "Reviews", href: "/admin/testimonials" },
  { name: "Orders", href: "/admin/orders", count: "orders" },
  { name: "Messages", href: "/admin/messages" },
  { name: "Spam", href: "/admin/spam", count: "spam" },
  { name: "Data requests", href: "/admin/data-requests" },
];

/** The staff area's frame: its navigation, who is signed in, and sign-out. */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container-page py-8">
      <div className="flex flex-wrap items-center justify-between gap-4 border-b border-line pb-4">
        <nav aria-label="Admin">
          <ul className="flex flex-wrap gap-2">
            {tabs.map((tab) => (
              <li key={tab.href}>
                <NavLink
                  to={tab.href}
                  className="tap-target inline-flex items-center rounded-md px-4 font-semibold hover:bg-surface-raised aria-[current=page]:bg-brand aria-[current=page]:text-brand-ink"
                >
                  {tab.name}
                  {tab.count && loaderData[tab.count] > 0 ? <span className="ml-2 rounded-full border border-current px-2 text-small">{loaderData[tab.count]}</span> : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <Form method="post" action="/admin/logout" className="flex items-center gap-3">
          <span className="text-muted">
            Signed in as <strong className="text-ink">{loaderData.username}</strong>
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
