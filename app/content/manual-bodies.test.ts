import { describe, expect, it } from "vitest";
import { markdownBlocks } from "~/lib/markdown.server";
import { markdownText } from "~/lib/markdown-text";
import { manualBodies, type ManualId } from "./manual-bodies";
import { manualsContent } from "./manuals";
import { specifications } from "./product";
import { commitments, company } from "./site";

const bodies = manualBodies();
const ids = Object.keys(bodies) as ManualId[];
const booklets: ManualId[] = ["manual-switch-booklet", "auto-start-booklet"];
const singlePages: ManualId[] = ["manual-switch-single-page", "auto-start-single-page"];

/** Every line Markdown could read as a heading written with `#` (up to three spaces before it). */
const headingLines = (text: string) => text.split("\n").filter((line) => /^ {0,3}#/.test(line));

const headingText = (line: string) => line.replace(/^#+ /, "").trim();

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** The value of a specification tile on the product page, by its label. */
function specification(label: string): string {
  const tile = specifications.find((candidate) => candidate.label === label);
  if (!tile) throw new Error(`No specification tile "${label}"`);
  return tile.value;
}

describe("the user guides' text", () => {
  it("has a text for each of the four guides", () => {
    expect(ids.sort()).toEqual(
      ["auto-start-booklet", "auto-start-single-page", "manual-switch-booklet", "manual-switch-single-page"].sort(),
    );
  });

  describe.each(ids)("%s", (id) => {
    const text = bodies[id];
    const headings = headingLines(text);

    it("is a long text the admin form accepts", () => {
      const result = markdownText({ max: 40_000, label: "Guide" }).safeParse(text);
      expect(result.error?.issues ?? []).toEqual([]);
    });

    it("uses only `#` sections and `##` subsections, starting with a section", () => {
      expect(headings.length).toBeGreaterThan(0);
      for (const line of headings) expect(line).toMatch(/^##? \S/);
      expect(headings[0]).toMatch(/^# /);
    });

    it("has headings the renderer reads as exactly those lines, below the page's own", () => {
      const rendered = markdownBlocks(text, { topLevel: 2 }).filter((block) => /^h\d$/.test(block.tag));
      expect(rendered.map((block) => block.tag)).toEqual(
        headings.map((line) => (line.startsWith("## ") ? "h3" : "h2")),
      );
    });

    it("has short headings, each unique, none repeating a guide's title", () => {
      const names = headings.map((line) => headingText(line).toLowerCase());
      expect(new Set(names).size).toBe(names.length);
      for (const name of names) expect(name.length).toBeLessThanOrEqual(40);
      const titles = manualsContent.guides.map((manual) => manual.title.toLowerCase());
      for (const name of names) expect(titles).not.toContain(name);
    });

    it("links only to the site's own pages and to the company's phone", () => {
      const addresses = [...text.matchAll(/\]\(([^)]*)\)/g)].map((match) => match[1]);
      expect(addresses.length).toBeGreaterThan(0);
      for (const address of addresses) {
        expect([
          "/contact",
          "/faq",
          "/order",
          "/product",
          "/paying",
          "/user-manuals",
          `tel:${company.phone.dial}`,
        ]).toContain(address);
      }
    });

    it("names the product and gives the phone number from the company facts", () => {
      expect(text).toContain(company.productName);
      expect(text).toContain(`[${company.phone.display}](tel:${company.phone.dial})`);
      expect(text).toContain(company.hours.long);
    });

    it("states the product's figures as the product page's tiles do", () => {
      expect(text).toContain(specification("Air-cell cycle").toLowerCase());
      expect(text).toContain(specification("Battery life"));
      expect(text).toContain(specification("Recharge time"));
      for (const setting of specification("Firmness settings").split(" / ")) expect(text).toContain(setting);
    });
  });

  describe.each(booklets)("the booklet %s", (id) => {
    const text = bodies[id];

    it("is a full guide of at least five sections", () => {
      expect(headingLines(text).filter((line) => line.startsWith("# ")).length).toBeGreaterThanOrEqual(5);
      expect(words(text)).toBeGreaterThanOrEqual(600);
      expect(words(text)).toBeLessThanOrEqual(1_200);
    });

    it("states the guarantee and the warranty from the company's commitments", () => {
      expect(text).toContain(`satisfaction guarantee of ${commitments.guaranteeDays} days`);
      expect(text).toContain(`manufacturer warranty of ${commitments.warrantyMonths} months`);
      expect(text).toContain(company.emailResponse);
    });
  });

  describe.each(singlePages)("the quick reference %s", (id) => {
    it("fits on one page", () => {
      expect(words(bodies[id])).toBeGreaterThanOrEqual(150);
      expect(words(bodies[id])).toBeLessThanOrEqual(350);
    });
  });

  it("tells each model's guide how that model turns on", () => {
    for (const id of ["manual-switch-booklet", "manual-switch-single-page"] as const) {
      expect(bodies[id]).toContain("marked **I**");
    }
    for (const id of ["auto-start-booklet", "auto-start-single-page"] as const) {
      expect(bodies[id]).toMatch(/transfer onto the cushion/);
      expect(bodies[id]).not.toContain("marked **I**");
    }
  });
});
