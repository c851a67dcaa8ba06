import { Form, NavLink, Outlet } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { requireStaffPage } from "~/features/auth/auth.server";
import { countSpam } from "~/lib/spam.server";
import type { Route } from "./+types/admin";

export async function loader({ request }: Route.LoaderArgs) {
  const staff = await requireStaffPage(request);
  return { username: staff.username, spam: await countSpam() };
}

const tabs = [
  { name: "Reviews", href: "/admin/testimonials" },
  { name: "Messages", href: "/admin/messages" },
  { name: "Spam", href: "/admin/spam" },
];

/** The staff area's frame: its navigation, who is signed in, and sign-out. */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container-page py-8">
      <div className="flex flex-wrap items-center justify-between gap-4 border-b border-line pb-4">
        <nav aria-label="Admin">
          <ul className="flex gap-2">
            {tabs.map((tab) => (
              <li key={tab.href}>
                <NavLink
                  to={tab.href}
                  className="tap-target inline-flex items-center rounded-md px-4 font-semibold hover:bg-surface-raised aria-[current=page]:bg-brand aria-[current=page]:text-brand-ink"
                >
                  {tab.name}
                  {tab.href === "/admin/spam" && loaderData.spam > 0 ? <span className="ml-2 rounded-full border border-current px-2 text-sm">{loaderData.spam}</span> : null}
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
