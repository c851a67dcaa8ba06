import { type RefObject, useEffect } from "react";
import { useLocation } from "react-router";
import { enhanceDisclosures } from "~/lib/disclosures";

/**
 * The header's menus are native <details> elements, so they open and close without JavaScript.
 * With JavaScript they also close on Escape, on a click outside, after a link inside them is
 * chosen, and whenever the route changes.
 */
export function useDisclosures(container: RefObject<HTMLElement | null>) {
  const location = useLocation();

  useEffect(() => {
    for (const details of container.current?.querySelectorAll("details[open]") ?? []) {
      (details as HTMLDetailsElement).open = false;
    }
  }, [container, location.pathname, location.search, location.hash]);

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
