import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { renderMarkdown } from "~/lib/markdown.server";
import { Markdown } from "./markdown";

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
