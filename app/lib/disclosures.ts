/**
 * Keyboard and pointer behaviour for the header's <details> menus: Escape closes the innermost
 * open one and returns focus to its toggle; a click outside or a chosen link closes the menus
 * around it, and a submitted form (the theme's) closes the menu it is in.
 *
 * It must stay self-contained (no imports, no outer variables): every page receives it as an
 * inline script built from `enhanceDisclosures.toString()` (covered by the page's CSP nonce or
 * hash), so it works before React starts and on pages without React.
 */
export function enhanceDisclosures(root: Document | HTMLElement): () => void {
  const openDetails = () => Array.from(root.querySelectorAll<HTMLDetailsElement>("details[open]"));

  const headerMenus = () => openDetails().filter((details) => details.closest("header"));

  function onKeyDown(event: Event) {
    if ((event as KeyboardEvent).key !== "Escape") return;
    const target = event.target instanceof Element ? event.target : null;
    const inside = target?.closest("details[open]") as HTMLDetailsElement | null;
    if (inside && inside.closest("header")) {
      inside.open = false;
      (inside.querySelector(":scope > summary") as HTMLElement | null)?.focus();
      event.stopPropagation();
      return;
    }
    // Focus has already left the menu: Escape still closes whatever header menu is open.
    if (!target?.closest("dialog")) for (const details of headerMenus()) details.open = false;
  }

  // The menu whose toggle a pointer is pressing. Other menus close when that press becomes a click,
  // not as it starts: closing them at once would move the toggle (the mobile menu stacks them)
  // from under the finger, and the tap would land on something else.
  let pressedToggle: HTMLDetailsElement | null = null;

  function toggleOf(target: EventTarget | null): HTMLDetailsElement | null {
    const summary = target instanceof Element ? target.closest("summary") : null;
    const details = summary?.parentElement;
    return details instanceof HTMLDetailsElement && details.closest("header") ? details : null;
  }

  // A menu closes when keyboard focus moves out of it, so it never covers what has focus.
  function onFocusIn(event: Event) {
    const target = event.target as Node;
    if (pressedToggle?.contains(target)) return;
    for (const details of headerMenus()) {
      if (!details.contains(target)) details.open = false;
    }
  }

  function onPointerDown(event: Event) {
    const target = event.target as Node;
    pressedToggle = toggleOf(event.target);
    if (pressedToggle) return;
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
  function onClick(event: Event) {
    closeAround(event, "a[href]");
    // A menu's toggle was chosen (by pointer or keyboard): the other menus close, not the ones around it.
    const chosen = toggleOf(event.target);
    pressedToggle = null;
    if (!chosen) return;
    for (const details of headerMenus()) {
      if (details !== chosen && !details.contains(chosen)) details.open = false;
    }
  }
  function onSubmit(event: Event) {
    const form = event.target instanceof Element ? event.target : null;
    const menu = form?.closest("details[open]") as HTMLDetailsElement | null;
    if (!menu?.closest("header")) return;
    // Only the menu the form is in closes (the theme's, inside the folded menu on a phone): the
    // chosen button is hidden with it, and focus goes to its toggle, which must stay in sight.
    menu.open = false;
    (menu.querySelector(":scope > summary") as HTMLElement | null)?.focus();
  }

  document.addEventListener("keydown", onKeyDown);
  document.addEventListener("focusin", onFocusIn);
  root.addEventListener("click", onClick);
  root.addEventListener("submit", onSubmit);
  document.addEventListener("pointerdown", onPointerDown);
  return () => {
    document.removeEventListener("keydown", onKeyDown);
    document.removeEventListener("focusin", onFocusIn);
    root.removeEventListener("click", onClick);
    root.removeEventListener("submit", onSubmit);
    document.removeEventListener("pointerdown", onPointerDown);
  };
}
