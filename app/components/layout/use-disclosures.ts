import { type RefObject, useEffect } from "react";
import { useLocation } from "react-router";

/**
 * The header's menus are native <details> elements, so they open and close without JavaScript.
 * With JavaScript they also close on Escape (focus returns to the toggle), on a click outside,
 * and after a link inside them is chosen.
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
    if (!root) return;

    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "Escape") return;
      const target = event.target instanceof Element ? event.target : null;
      const open = target?.closest("details[open]") as HTMLDetailsElement | null;
      if (!open) return;
      open.open = false;
      open.querySelector<HTMLElement>(":scope > summary")?.focus();
      event.stopPropagation();
    }

    function onPointerDown(event: PointerEvent) {
      const target = event.target as Node;
      for (const details of root?.querySelectorAll<HTMLDetailsElement>("details[open]") ?? []) {
        if (!details.contains(target)) details.open = false;
      }
    }

    function onClick(event: MouseEvent) {
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!link) return;
      for (const details of root?.querySelectorAll<HTMLDetailsElement>("details[open]") ?? []) {
        if (details.contains(link)) details.open = false;
      }
    }

    function onSubmit(event: SubmitEvent) {
      const form = event.target instanceof Element ? event.target : null;
      const open = form?.closest("details[open]") as HTMLDetailsElement | null;
      if (open) open.open = false;
    }

    root.addEventListener("keydown", onKeyDown);
    root.addEventListener("click", onClick);
    root.addEventListener("submit", onSubmit);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      root.removeEventListener("keydown", onKeyDown);
      root.removeEventListener("click", onClick);
      root.removeEventListener("submit", onSubmit);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [container]);
}

/** The spec's order button scrolls to the top about 100 ms after navigating. */
export function scrollToTopSoon() {
  window.setTimeout(() => {
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollTo({ top: 0, behavior: reduce ? "auto" : "smooth" });
  }, 100);
}
