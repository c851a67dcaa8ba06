import { Link, NavLink, useLocation } from "react-router";
import { isMenu, menuNames, type NavItem, navigation, orderLink } from "~/content/navigation";
import { ChevronDown } from "./icons";
import { scrollToTopSoon } from "./use-disclosures";

const linkClass =
  "tap-target inline-flex items-center rounded-md px-3 font-medium hover:bg-surface-raised aria-[current=page]:text-brand aria-[current=page]:underline aria-[current=page]:decoration-2 aria-[current=page]:underline-offset-8";

/**
 * The one navigation list. Desktop shows it in a row with drop-down menus; mobile shows the same
 * items stacked inside the Menu panel.
 */
export function NavList({ layout }: { layout: "row" | "stack" }) {
  const { pathname } = useLocation();
  const row = layout === "row";
  return (
    <ul className={row ? "flex items-center gap-1 whitespace-nowrap" : "flex flex-col gap-1"}>
      {navigation.map((item) => (
        <li key={item.key} className={row ? "relative" : undefined}>
          {isMenu(item) ? <NavMenu item={item} row={row} pathname={pathname} /> : <NavItemLink item={item} />}
        </li>
      ))}
    </ul>
  );
}

function NavItemLink({ item }: { item: Extract<NavItem, { href: string }> }) {
  return (
    <NavLink to={item.href} end={item.href === "/"} className={linkClass}>
      {menuNames[item.key]}
    </NavLink>
  );
}

function NavMenu({
  item,
  row,
  pathname,
}: {
  item: Extract<NavItem, { items: unknown }>;
  row: boolean;
  pathname: string;
}) {
  const active = item.items.some((child) => child.href === pathname);
  return (
    <details name={row ? "header-menu" : undefined} className="group">
      <summary
        className={`inline-flex tap-target items-center gap-1 rounded-md px-3 font-medium hover:bg-surface-raised ${active ? "text-brand" : ""}`}
      >
        {menuNames[item.key]}
        <span className="sr-only"> menu</span>
        <ChevronDown className="size-4 transition-transform group-open:rotate-180" />
      </summary>
      <ul
        className={
          row
            ? // Hung from the toggle's right edge: the last menu sits at the window's right once the
              // header wraps (a larger font, wider text spacing), and a panel hung from its left ran off it.
              "absolute right-0 z-50 mt-2 min-w-48 rounded-lg border border-line bg-surface p-2 shadow-lg"
            : "ml-4 flex flex-col gap-1 border-l border-line pl-2"
        }
      >
        {item.items.map((child) => (
          <li key={child.href}>
            <NavLink to={child.href} className={`${linkClass} w-full`}>
              {menuNames[child.key]}
            </NavLink>
          </li>
        ))}
      </ul>
    </details>
  );
}

export function OrderButton({ className = "" }: { className?: string }) {
  return (
    <Link
      to={orderLink.href}
      onClick={scrollToTopSoon}
      className={`inline-flex tap-target items-center justify-center rounded-md bg-brand px-4 font-semibold text-brand-ink hover:opacity-90 ${className}`}
    >
      {menuNames[orderLink.key]}
    </Link>
  );
}
