import { useRef } from "react";
import { Link } from "react-router";
import { menuNames } from "~/content/navigation";
import { company } from "~/content/site";
import type { Theme } from "~/lib/theme";
import { MenuIcon } from "./icons";
import { NavList, OrderButton } from "./main-nav";
import { ThemeSwitch } from "./theme-switch";
import { useDisclosures } from "./use-disclosures";

export function SiteHeader({ theme }: { theme: Theme }) {
  const header = useRef<HTMLElement>(null);
  useDisclosures(header);
  return (
    <header ref={header} className="sticky top-0 z-40 border-b border-line bg-surface/95 backdrop-blur print:hidden">
      {/* The row of links needs 897 px (1,027 px with WCAG's text spacing), measured with every
          label on one line, so it starts at 1,024 px (lg); below that the same list opens from
          "Menu". If the visitor's own spacing or font still makes the row too long, it wraps to a
          second line and the header grows, rather than overlapping or cutting anything off; the
          folded menu hangs from the header's real bottom and is as tall as the window below it
          (100% is the header's own height there). */}
      <div className="container-page flex min-h-16 flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2 lg:py-0">
        <Link
          to="/"
          className="inline-flex tap-target items-center gap-2 rounded-md text-subheading font-bold tracking-tight whitespace-nowrap"
        >
          <img src="/favicon.svg" alt="" width="32" height="32" className="size-8" />
          <span>{company.name}</span>
          <span className="sr-only">, home</span>
        </Link>

        <nav aria-label="Main" className="hidden lg:block">
          <NavList layout="row" />
        </nav>

        <div className="ml-auto hidden items-center gap-2 whitespace-nowrap lg:flex">
          <ThemeSwitch theme={theme} idPrefix="desktop" group="header-menu" />
          <OrderButton />
        </div>

        <details className="lg:hidden" name="header-menu">
          <summary className="inline-flex tap-target items-center gap-2 rounded-md border border-line px-3 font-medium">
            <MenuIcon />
            {menuNames.menu}
          </summary>
          <div className="absolute inset-x-0 top-full max-h-[calc(100dvh-100%)] overflow-y-auto border-b border-line bg-surface p-4 shadow-lg">
            <nav aria-label="Main">
              <NavList layout="stack" />
            </nav>
            <div className="mt-4 flex flex-col gap-3 border-t border-line pt-4">
              <OrderButton className="w-full" />
              <ThemeSwitch theme={theme} idPrefix="mobile" />
            </div>
          </div>
        </details>
      </div>
    </header>
  );
}
