/**
 * Keyboard and pointer behaviour for the header's <details> menus: Escape closes the innermost
 * open one and returns focus to its toggle; a click outside, a chosen link or a submitted form
 * closes the menus around it.
 *
 * It must stay self-contained (no imports, no outer variables): pages that are not hydrated
 * receive it as an inline script built from `enhanceDisclosures.toString()`, covered by the
 * page's CSP hash. Hydrated pages call it from a React effect.
 */
export function enhanceDisclosures(root: Document | HTMLElement): () => void {
  const openDetails = () => Array.from(root.querySelectorAll<HTMLDetailsElement>("details[open]"));

  function onKeyDown(event: Event) {
    if ((event as KeyboardEvent).key !== "Escape") return;
    const target = event.target instanceof Element ? event.target : null;
    const open = target?.closest("details[open]") as HTMLDetailsElement | null;
    if (!open) return;
    open.open = false;
    (open.querySelector(":scope > summary") as HTMLElement | null)?.focus();
    event.stopPropagation();
  }

  function onPointerDown(event: Event) {
    const target = event.target as Node;
    for (const details of openDetails()) {
      if (!details.contains(target) && details.closest("header")) details.open = false;
    }
  }

  function closeAround(event: Event, selector: string) {
    const origin = event.target instanceof Element ? event.target.closest(selector) : null;
    if (!origin) return;
    for (const details of openDetails()) {
      if (details.contains(origin) && details.closest("header")) details.open = false;
    }
  }
  const onClick = (event: Event) => closeAround(event, "a[href]");
  const onSubmit = (event: Event) => closeAround(event, "form");

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
}
