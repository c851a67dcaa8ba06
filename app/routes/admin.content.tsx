import { Link } from "react-router";
import { AdminErrorBoundary } from "~/components/ui/admin-error";
import { itemSummaries } from "~/content/store.server";
import { formatDateTime } from "~/lib/format";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/admin.content";

export async function loader() {
  return { items: await itemSummaries() };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Content",
    description: "Everything the site says that an editor can change.",
    path: "/admin/content",
    noindex: true,
  });

/** Every content item, grouped, with what is published and whether a draft waits. */
export default function AdminContent({ loaderData }: Route.ComponentProps) {
  const groups = [...new Set(loaderData.items.map((item) => item.group))];
  return (
    <>
      <h1 className="text-heading font-bold">Content</h1>
      <p className="mt-1 max-w-prose text-muted">
        What the site says. Open an item to change it: a change is a draft until it is published, can be previewed as
        the real page first, and every published version can be restored. The{" "}
        <Link to="/admin/launch" className="underline">
          launch checklist
        </Link>{" "}
        lists what is still a placeholder and which claims wait for an owner&apos;s review.
      </p>
      {groups.map((group) => (
        <section key={group} aria-labelledby={`group-${group}`} className="mt-8">
          <h2 id={`group-${group}`} className="text-subheading font-bold">
            {group}
          </h2>
          <ul className="mt-3 grid gap-3">
            {loaderData.items
              .filter((item) => item.group === group)
              .map((item) => (
                <li key={item.key} className="rounded-lg border border-line bg-surface p-4">
                  <Link
                    to={`/admin/content/${item.key}`}
                    className="inline-flex tap-target items-center font-semibold underline"
                  >
                    {item.title}
                  </Link>
                  <p className="text-small text-muted">
                    {item.publishedAt
                      ? `Version ${item.version}, published by ${item.publishedBy}, ${formatDateTime(item.publishedAt)}.`
                      : "Not written yet."}{" "}
                    {item.draftAt ? `Draft by ${item.draftBy}, ${formatDateTime(item.draftAt)}.` : ""}
                  </p>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary list={{ href: "/admin", name: "the admin" }} />;
}
