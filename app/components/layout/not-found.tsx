import { Link } from "react-router";

const helpfulLinks = [
  { name: "Home", href: "/" },
  { name: "The SofTech system", href: "/product" },
  { name: "Frequently asked questions", href: "/faq" },
  { name: "Contact us", href: "/contact" },
];

export function NotFound({ showRouterHint }: { showRouterHint: boolean }) {
  return (
    <div className="container-page py-16">
      <title>Page not found | Aquila</title>
      <meta name="robots" content="noindex, nofollow" />
      <h1 className="text-title font-bold">404 Page Not Found</h1>
      <p className="mt-4 max-w-prose text-muted">
        We could not find that page. It may have moved, or the address may have a typo. These pages may help:
      </p>
      {showRouterHint ? (
        <p className="mt-4 rounded-md border border-warning bg-warning-soft p-3 text-small">
          Development hint: did you add the page to the router (<code>app/routes.ts</code>)?
        </p>
      ) : null}
      <ul className="mt-6 flex flex-col gap-1">
        {helpfulLinks.map((link) => (
          <li key={link.href}>
            <Link to={link.href} className="inline-flex tap-target items-center font-semibold text-brand underline">
              {link.name}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
