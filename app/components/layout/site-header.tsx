import { useRef } from "react";
import { Link } from "react-router";
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
    <header ref={header} className="sticky top-0 z-40 border-b border-line bg-surface/95 backdrop-blur">
      <div className="container-page flex h-16 items-center justify-between gap-3">
        <Link
          to="/"
          className="inline-flex tap-target items-center gap-2 rounded-md text-subheading font-bold tracking-tight"
        >
          <img src="/favicon.svg" alt="" width="32" height="32" className="size-8" />
          <span>{company.name}</span>
          <span className="sr-only">, home</span>
        </Link>

        <nav aria-label="Main" className="hidden md:block">
          <NavList layout="row" />
        </nav>

        <div className="hidden items-center gap-2 md:flex">
          <ThemeSwitch theme={theme} idPrefix="desktop" group="header-menu" />
          <OrderButton />
        </div>

        <details className="md:hidden" name="header-menu">
          <summary className="inline-flex tap-target items-center gap-2 rounded-md border border-line px-3 font-medium">
            <MenuIcon />
            Menu
          </summary>
          <div className="absolute inset-x-0 top-16 max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-line bg-surface p-4 shadow-lg">
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
