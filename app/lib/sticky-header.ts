/** Where the page's sticky header ends, in window pixels: what scrolls or sits under it is hidden. */
export function stickyHeaderBottom(): number {
  return Math.max(0, document.querySelector("body > header")?.getBoundingClientRect().bottom ?? 0);
}
