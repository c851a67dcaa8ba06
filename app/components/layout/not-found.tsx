import { Link } from "react-router";
import { errorPages } from "~/content/error-pages";
import { pageTitle } from "~/lib/seo";

/** Where the page's links lead, each named by the entry of the same key in the item's `links`. */
const helpfulLinks = [
  { key: "home", href: "/" },
  { key: "product", href: "/product" },
  { key: "faq", href: "/faq" },
  { key: "contact", href: "/contact" },
] as const;

export function NotFound({ showRouterHint }: { showRouterHint: boolean }) {
  const words = errorPages.notFound;
  return (
    <div className="container-page py-16">
      <title>{pageTitle(words.title)}</title>
      <meta name="robots" content="noindex, nofollow" />
      <h1 className="text-title font-bold">{words.heading}</h1>
      <p className="mt-4 max-w-prose text-muted">{words.text}</p>
      {showRouterHint ? (
        <p className="mt-4 rounded-md border border-warning bg-warning-soft p-3 text-small">
          Development hint: did you add the page to the router (<code>app/routes.ts</code>)?
        </p>
      ) : null}
      <ul className="mt-6 flex flex-col gap-1">
        {helpfulLinks.map((link) => (
          <li key={link.href}>
            <Link to={link.href} className="inline-flex tap-target items-center font-semibold text-brand underline">
              {words.links[link.key]}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
