import { type RefObject, useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { enhanceDisclosures } from "~/lib/disclosures";

/**
 * The header's menus are native <details> elements, so they open and close without JavaScript.
 * With JavaScript they also close on Escape, on a click outside, after a link inside them is
 * chosen, and whenever the route changes.
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

  useEffect(() => {
    const root = container.current;
    return root ? enhanceDisclosures(root) : undefined;
  }, [container]);
}

/** The spec's order button scrolls to the top about 100 ms after navigating. */
export function scrollToTopSoon() {
  window.setTimeout(() => {
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollTo({ top: 0, behavior: reduce ? "auto" : "smooth" });
  }, 100);
}
