import { type RefObject, useEffect } from "react";
import { stickyHeaderBottom } from "~/lib/sticky-header";

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

function overlap(a: Box, b: Box): number {
  const width = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const height = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return width > 0 && height > 0 ? width * height : 0;
}

/**
 * Where a box of `size` pinned to the window's right should sit so it covers the least of
 * `focused`: at the bottom (its usual place), or at the top, under the sticky header. When it
 * would cover part of the focused element at either edge (a small window, a 400 % zoom, a tall
 * error summary), `compact` asks for a shorter box.
 */
export function clearEdge(
  focused: Box | null,
  size: { width: number; height: number },
  window: { width: number; height: number; headerBottom: number },
): { edge: "top" | "bottom"; compact: boolean } {
  if (!focused) return { edge: "bottom", compact: false };
  const left = window.width - size.width;
  const atBottom = { top: window.height - size.height, bottom: window.height, left, right: window.width };
  const atTop = {
    top: window.headerBottom,
    bottom: window.headerBottom + size.height,
    left,
    right: window.width,
  };
  const bottom = overlap(focused, atBottom);
  if (bottom === 0) return { edge: "bottom", compact: false };
  const top = overlap(focused, atTop);
  if (top === 0) return { edge: "top", compact: false };
  return { edge: top < bottom ? "top" : "bottom", compact: true };
}

/** A compact toast's height before it has been measured: a 44 px close button and thin padding. */
const compactEstimate = 64;

/**
 * Keeps a fixed notification box from hiding what has keyboard focus (WCAG 2.2, 2.4.11): each
 * time focus moves, the page scrolls or the window changes size, the box moves to the other
 * edge of the window if the focused element is under it, and is marked `data-compact` (its
 * description hidden) if it would cover it at either edge. `shown` is what the box shows: it is
 * placed again for each new one, and left alone while it shows nothing.
 */
export function useClearOfFocus(box: RefObject<HTMLElement | null>, shown: unknown) {
  useEffect(() => {
    if (shown == null) return;
    let frame = 0;
    function place() {
      frame = 0;
      const element = box.current;
      if (!element) return;
      const focused = document.activeElement;
      // The main content, focused after moving to another page, is the whole page: no place hides it less.
      const target =
        focused instanceof HTMLElement && !focused.matches("body, main") && !element.contains(focused)
          ? focused.getBoundingClientRect()
          : null;
      const view = {
        width: document.documentElement.clientWidth,
        height: window.innerHeight,
        headerBottom: stickyHeaderBottom(),
      };
      // Decided on the box's full height (kept while it is compact), then, if it must shrink, on
      // its compact one: deciding on whichever it has now would flip it between the two.
      const height = element.scrollHeight;
      if (!element.hasAttribute("data-compact")) element.dataset.fullHeight = String(height);
      else element.dataset.compactHeight = String(height);
      const full = Number(element.dataset.fullHeight) || height;
      const choice = clearEdge(target, { width: element.offsetWidth, height: full }, view);
      const { compact } = choice;
      const short = Number(element.dataset.compactHeight) || Math.min(full, compactEstimate);
      const edge = compact ? clearEdge(target, { width: element.offsetWidth, height: short }, view).edge : choice.edge;
      element.dataset.edge = edge;
      element.style.top = edge === "top" ? `${view.headerBottom}px` : "";
      element.style.bottom = edge === "top" ? "auto" : "";
      element.toggleAttribute("data-compact", compact);
    }
    const soon = () => {
      if (!frame) frame = requestAnimationFrame(place);
    };
    soon();
    document.addEventListener("focusin", soon);
    window.addEventListener("scroll", soon, { passive: true, capture: true });
    window.addEventListener("resize", soon);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      document.removeEventListener("focusin", soon);
      window.removeEventListener("scroll", soon, { capture: true });
      window.removeEventListener("resize", soon);
    };
  }, [box, shown]);
}
