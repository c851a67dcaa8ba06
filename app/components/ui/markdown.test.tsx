// @vitest-environment jsdom
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { markdownBlocks, renderMarkdown } from "~/lib/markdown.server";
import { Markdown, MarkdownBlocks, proseLooks } from "./markdown";

describe("Markdown", () => {
  it("places the server's HTML as it is, in one styled block", () => {
    const html = renderMarkdown("## Washing\n\nUse a *damp* cloth. [Ask us](/contact)", { topLevel: 2 });
    const markup = renderToStaticMarkup(<Markdown html={html} className="mt-6" />);
    expect(markup).toMatch(/^<div class="[^"]*\[&amp;_p\]:mt-3[^"]* mt-6">/);
    expect(markup).toContain(
      '<h3>Washing</h3>\n<p>Use a <em>damp</em> cloth. <a href="/contact">Ask us</a></p>\n</div>',
    );
  });
});

/**
 * `html` as a browser reads it, without the line ends written beside its tags: renderMarkdown
 * writes one after each block for people reading the source, and React none.
 */
function parsed(html: string): HTMLElement {
  const holder = document.createElement("div");
  holder.innerHTML = html.replace(/\n*(<[^>]*>)\n*/g, "$1");
  return holder;
}

const drawn = (text: string, looks = {}) =>
  renderToStaticMarkup(<MarkdownBlocks blocks={markdownBlocks(text, { topLevel: 3 })} looks={looks} />);

describe("MarkdownBlocks", () => {
  it.each([
    [
      "paragraphs, emphasis and line breaks",
      "The cushion *adjusts* **itself**.\n\nIt is\nsoft.  \nAnd *quiet\nall* day.",
    ],
    ["lists, tight and loose, numbered from where they start", "- Seat\n- Pump\n  1. Charge\n\n3. Fit\n\n4. Use"],
    ["headings under the section's own", "# Care\n\n## Washing\n\n#### Drying\n\nUnderlined\n---"],
    [
      "links, kept and refused",
      '[Us](/contact?topic=repair#form), [Medicare](https://www.medicare.gov/ "Coverage"), <help@example.com>, ' +
        "[x](http://example.com), [y](javascript:alert(1)), [z]() and [ref].\n\n[ref]: tel:+18667284521",
    ],
    ["pictures, HTML and characters", '![A *cushion*](/a.png) <script>alert(1)</script> &copy; \\*not\\* "q" & it\'s'],
  ])("draws %s as renderMarkdown writes them", (_, text) => {
    const html = renderMarkdown(text, { topLevel: 3 });
    expect(parsed(drawn(text)).isEqualNode(parsed(html)), `${drawn(text)}\n${html}`).toBe(true);
  });

  it("draws plain paragraphs exactly as hand-written ones, with the page's classes and no wrapper", () => {
    const paragraphs = [
      "Choose either, or follow your device's setting.",
      "Nothing moves by itself: \u201cSkip\u201d & 400 %.",
    ];
    const byHand = renderToStaticMarkup(
      <>
        {paragraphs.map((paragraph) => (
          <p key={paragraph} className="mt-3">
            {paragraph}
          </p>
        ))}
      </>,
    );
    expect(drawn(paragraphs.join("\n\n"), { p: "mt-3" })).toBe(byHand);
    expect(byHand).toContain("device&#x27;s");
    expect(drawn("One\n\n- two")).toBe("<p>One</p><ul><li>two</li></ul>");
  });

  it("gives each element the class the page asks for", () => {
    expect(drawn("## Fit\n\nSee [us](/contact).\n\n- a\n\n1. b", proseLooks)).toBe(
      '<h4 class="mt-6 font-bold">Fit</h4><p class="mt-3">See <a href="/contact" ' +
        'class="font-semibold text-brand underline">us</a>.</p><ul class="mt-3 list-disc space-y-2 pl-6"><li>a</li></ul>' +
        '<ol class="mt-3 list-decimal space-y-2 pl-6"><li>b</li></ol>',
    );
  });

  it("is plain data a loader returns", () => {
    const blocks = markdownBlocks("*a* [b](https://example.com)\n\n- c", { topLevel: 3 });
    expect(JSON.parse(JSON.stringify(blocks))).toEqual(blocks);
    expect(blocks).toEqual([
      {
        tag: "p",
        children: [
          { tag: "em", children: ["a"] },
          " ",
          { tag: "a", href: "https://example.com", external: true, children: ["b"] },
        ],
      },
      { tag: "ul", items: [[{ tag: "p", hidden: true, children: ["c"] }]] },
    ]);
  });
});
