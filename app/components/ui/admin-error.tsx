import { isRouteErrorResponse, Link, useLocation, useRouteError } from "react-router";
import { pageTitle } from "~/lib/seo";

/**
 * An admin page's error, shown inside the staff area's frame (its navigation stays), with what
 * happened and the ways on: the list the page belongs to, or the same page again. Each admin
 * route exports it as its `ErrorBoundary`, so a failed load never falls through to the site's
 * general error page.
 */
export function AdminErrorBoundary({ list }: { list: { href: string; name: string } }) {
  const error = useRouteError();
  const location = useLocation();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  const title = missing ? "Not found" : "This page could not be loaded";
  return (
    <div role="alert" className="rounded-xl border-2 border-danger bg-danger-soft p-5">
      <title>{pageTitle(title)}</title>
      <h1 className="text-heading font-bold">{title}</h1>
      <p className="mt-2 max-w-prose">
        {missing
          ? "It may have been deleted, or the link is wrong. Nothing else has changed."
          : "Something went wrong on our side while loading it. Nothing you saved is lost; try again in a moment."}
      </p>
      <p className="mt-4 flex flex-wrap gap-3">
        <Link to={list.href} className="inline-flex tap-target items-center font-semibold text-brand underline">
          Back to {list.name}
        </Link>
        {missing ? null : (
          <a
            href={`${location.pathname}${location.search}`}
            className="inline-flex tap-target items-center font-semibold text-brand underline"
          >
            Try again
          </a>
        )}
      </p>
    </div>
  );
}
