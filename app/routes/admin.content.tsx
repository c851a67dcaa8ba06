import { Link } from "react-router";
import { AdminErrorBoundary } from "~/components/ui/admin-error";
import { itemSummaries } from "~/content/store.server";
import { siteRoutes } from "~/route-manifest";
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

type Summary = Route.ComponentProps["loaderData"]["items"][number];

/**
 * The list's sections: the company's facts first, then the header, footer and error pages, then
 * each page's items under the page's name, in the order the site's pages are listed (its sitemap's
 * order).
 */
function sectionsOf(items: Summary[]): Array<{ id: string; title: string; items: Summary[] }> {
  const company = items.filter((item) => item.group === "Company");
  const frame = items.filter((item) => item.group === "Frame");
  const pages = siteRoutes.flatMap((route) => {
    const onPage = items.filter((item) => item.group === "Pages" && item.page === route.path);
    return onPage.length
      ? [{ id: route.path === "/" ? "home" : route.path.slice(1), title: route.title, items: onPage }]
      : [];
  });
  const placed = new Set([...company, ...frame, ...pages.flatMap((page) => page.items)]);
  const rest = items.filter((item) => !placed.has(item));
  return [
    { id: "company", title: "Company", items: company },
    { id: "frame", title: "Header, footer and error pages", items: frame },
    ...pages,
    ...(rest.length ? [{ id: "other", title: "Other", items: rest }] : []),
  ];
}

/** Every content item, grouped by the page it shows on, with what is published and whether a draft waits. */
export default function AdminContent({ loaderData }: Route.ComponentProps) {
  const sections = sectionsOf(loaderData.items);
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
      {sections.map((section) => (
        <section key={section.id} aria-labelledby={`group-${section.id}`} className="mt-8">
          <h2 id={`group-${section.id}`} className="text-subheading font-bold">
            {section.title}
          </h2>
          <ul className="mt-3 grid gap-3">
            {section.items.map((item) => (
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
