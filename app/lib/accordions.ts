/**
 * Turns each group of `<details name>` inside a `[data-accordion]` element into the ARIA
 * accordion pattern that `FaqAccordion` renders once React runs: a button inside each heading,
 * with aria-expanded and aria-controls, and a labelled region for the answer. One answer is open
 * at a time; choosing the open question closes it.
 *
 * It must stay self-contained (no imports, no outer variables): pages that ship no React receive
 * it as an inline script built from `enhanceAccordions.toString()`, covered by the page's CSP
 * hash. It must never run on a page React hydrates, whose markup React expects unchanged. The
 * look comes in as `classes` (the inline script passes `accordionClasses` as JSON).
 */
/** The accordion's look, the same whether React or `enhanceAccordions` builds it. */
export const accordionClasses = {
  heading: "text-lead",
  button: "tap-target flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold",
  icon: "size-5 shrink-0 transition-transform",
  iconOpen: "rotate-180",
};

export type AccordionClasses = typeof accordionClasses;

export function enhanceAccordions(root: Document, classes: AccordionClasses): void {
  const setOpen = (button: HTMLButtonElement, open: boolean) => {
    button.setAttribute("aria-expanded", String(open));
    const panel = root.getElementById(button.getAttribute("aria-controls") ?? "");
    if (panel) panel.hidden = !open;
    button.querySelector("svg")?.classList.toggle(classes.iconOpen, open);
  };

  for (const container of Array.from(root.querySelectorAll<HTMLElement>("[data-accordion]"))) {
    const group = container.dataset.accordion ?? "accordion";
    const buttons: HTMLButtonElement[] = [];
    for (const details of Array.from(container.querySelectorAll<HTMLDetailsElement>("details[data-item]"))) {
      const summary = details.querySelector(":scope > summary");
      const question = summary?.querySelector("h2, h3");
      if (!summary || !question) continue;
      const buttonId = `${group}-${details.dataset.item ?? buttons.length}-button`;
      const panelId = `${group}-${details.dataset.item ?? buttons.length}-panel`;

      const heading = root.createElement(question.tagName.toLowerCase());
      heading.className = classes.heading;
      const button = root.createElement("button");
      button.type = "button";
      button.id = buttonId;
      button.setAttribute("aria-controls", panelId);
      button.className = classes.button;
      button.append(question.textContent ?? "");
      const icon = summary.querySelector("svg");
      if (icon) {
        icon.setAttribute("class", classes.icon);
        button.append(icon);
      }
      heading.append(button);

      const panel = root.createElement("div");
      panel.id = panelId;
      panel.setAttribute("role", "region");
      panel.setAttribute("aria-labelledby", buttonId);
      for (const child of Array.from(details.childNodes)) {
        if (child !== summary) panel.append(child);
      }

      const item = root.createElement("div");
      item.append(heading, panel);
      const wasOpen = details.open;
      details.replaceWith(item);
      setOpen(button, wasOpen);
      buttons.push(button);

      button.addEventListener("click", () => {
        const opening = button.getAttribute("aria-expanded") !== "true";
        for (const other of buttons) setOpen(other, false);
        setOpen(button, opening);
      });
    }
  }
}
