// @vitest-environment jsdom
import { renderToString } from "react-dom/server";
import { beforeEach, describe, expect, it } from "vitest";
import { FaqAccordion } from "~/components/content/faq-accordion";
import { faqItems } from "~/content/faq";
import { accordionClasses, enhanceAccordions } from "./accordions";

const items = faqItems.slice(0, 3);

function buttons() {
  return Array.from(document.querySelectorAll<HTMLButtonElement>("[data-accordion] h2 > button"));
}

function panelOf(button: HTMLButtonElement) {
  return document.getElementById(button.getAttribute("aria-controls") ?? "") as HTMLElement;
}

describe("enhanceAccordions", () => {
  beforeEach(() => {
    document.body.innerHTML = renderToString(<FaqAccordion items={items} group="faq" headingLevel={2} />);
  });

  it("starts from the server's <details> markup", () => {
    expect(document.querySelectorAll("details[name=faq]")).toHaveLength(3);
    expect(buttons()).toHaveLength(0);
  });

  it("turns every question into a heading with a button that controls a labelled, hidden region", () => {
    enhanceAccordions(document, accordionClasses);
    expect(document.querySelectorAll("details")).toHaveLength(0);
    const all = buttons();
    expect(all.map((b) => b.textContent)).toEqual(items.map((i) => i.question));
    for (const [index, button] of all.entries()) {
      const item = items[index];
      expect(button.id).toBe(`faq-${item?.id}-button`);
      expect(button.type).toBe("button");
      expect(button.className).toBe(accordionClasses.button);
      expect(button.getAttribute("aria-expanded")).toBe("false");
      const panel = panelOf(button);
      expect(panel.getAttribute("role")).toBe("region");
      expect(panel.getAttribute("aria-labelledby")).toBe(button.id);
      expect(panel.hidden).toBe(true);
      expect(panel.textContent).toBe(item?.answer);
      expect(button.querySelector("svg")).not.toBeNull();
    }
  });

  it("opens one answer at a time, and closes the open one when it is chosen again", () => {
    enhanceAccordions(document, accordionClasses);
    const [first, second] = buttons() as [HTMLButtonElement, HTMLButtonElement];
    first.click();
    expect(first.getAttribute("aria-expanded")).toBe("true");
    expect(panelOf(first).hidden).toBe(false);
    expect(first.querySelector("svg")?.classList.contains("rotate-180")).toBe(true);
    second.click();
    expect(first.getAttribute("aria-expanded")).toBe("false");
    expect(panelOf(first).hidden).toBe(true);
    expect(second.getAttribute("aria-expanded")).toBe("true");
    second.click();
    expect(second.getAttribute("aria-expanded")).toBe("false");
    expect(document.querySelectorAll("[role=region]:not([hidden])")).toHaveLength(0);
  });

  it("keeps an answer that was opened before the script ran open", () => {
    (document.querySelectorAll("details")[1] as HTMLDetailsElement).open = true;
    enhanceAccordions(document, accordionClasses);
    expect(buttons().map((b) => b.getAttribute("aria-expanded"))).toEqual(["false", "true", "false"]);
  });

  it("still works when run from its own source text, as the inline script does", () => {
    new Function("document", `(${enhanceAccordions.toString()})(document, ${JSON.stringify(accordionClasses)});`)(
      document,
    );
    const [first] = buttons() as [HTMLButtonElement];
    first.click();
    expect(panelOf(first).hidden).toBe(false);
  });
});
