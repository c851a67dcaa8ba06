import { type RefObject, useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * The header's menus are native <details> elements, so they open and close without JavaScript.
 * The inline script from lib/disclosures.ts (in the root layout) closes them on Escape, on a
 * click outside, when focus leaves them and after a link inside them is chosen; with React they
 * also close whenever the route changes.
 */
export function useDisclosures(container: RefObject<HTMLElement | null>) {
  const location = useLocation();
  const where = `${location.pathname}${location.search}${location.hash}`;
  const previous = useRef(where);

  // After a navigation, not on mount: a menu opened before the page finished hydrating stays open.
  useEffect(() => {
    if (previous.current === where) return;
    previous.current = where;
    for (const details of container.current?.querySelectorAll("details[open]") ?? []) {
      (details as HTMLDetailsElement).open = false;
    }
  }, [container, where]);
}

/** The order button scrolls to the top about 100 ms after navigating (docs/requirements.md §1.1). */
export function scrollToTopSoon() {
  window.setTimeout(() => {
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollTo({ top: 0, behavior: reduce ? "auto" : "smooth" });
  }, 100);
}
