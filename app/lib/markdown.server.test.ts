import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown.server";

const html = (text: string) => renderMarkdown(text, { topLevel: 2 });

const newTab = '<span class="sr-only"> (opens in a new tab)</span>';

describe("what an editor's text shows on a page", () => {
  it("keeps paragraphs, line breaks, emphasis and strong emphasis", () => {
    expect(html("The cushion *adjusts* itself.\n\nIt is **FDA-cleared**.")).toBe(
      "<p>The cushion <em>adjusts</em> itself.</p>\n<p>It is <strong>FDA-cleared</strong>.</p>\n",
    );
    expect(html("9 a.m.  \nto 5 p.m.\\\nEastern")).toBe("<p>9 a.m.<br>\nto 5 p.m.<br>\nEastern</p>\n");
  });

  it("keeps bulleted and numbered lists", () => {
    expect(html("- Seat\n- Pump\n\n3. Charge\n4. Fit")).toBe(
      '<ul>\n<li>Seat</li>\n<li>Pump</li>\n</ul>\n<ol start="3">\n<li>Charge</li>\n<li>Fit</li>\n</ol>\n',
    );
  });

  it("shows entities and escapes as the characters they stand for, and nothing typographic", () => {
    expect(html('&copy; 2026 \\*not emphasis\\* "quoted" -- (c) &lt;b&gt;')).toBe(
      "<p>© 2026 *not emphasis* &quot;quoted&quot; -- (c) &lt;b&gt;</p>\n",
    );
  });

  it("shows what is not in the ruling as the text that was typed", () => {
    expect(html("    indented\n\n> quote\n\n| a | b |\n|---|---|\n\n---\n\n~~gone~~ `code` https://example.com")).toBe(
      "<p>indented</p>\n<p>&gt; quote</p>\n<p>| a | b |\n|---|---|</p>\n<p>---</p>\n" +
        "<p>~~gone~~ `code` https://example.com</p>\n",
    );
    expect(html("```\ncode\n```")).toBe("<p>```\ncode\n```</p>\n");
  });
});

describe("headings, always below the page's own", () => {
  it("starts at the level the page gives", () => {
    expect(html("# Care\n## Washing\n### Drying")).toBe("<h2>Care</h2>\n<h3>Washing</h3>\n<h4>Drying</h4>\n");
    expect(renderMarkdown("# Care\n## Washing", { topLevel: 4 })).toBe("<h4>Care</h4>\n<h5>Washing</h5>\n");
  });

  it("maps underlined headings the same way", () => {
    expect(renderMarkdown("Care\n===\n\nWashing\n---", { topLevel: 3 })).toBe("<h3>Care</h3>\n<h4>Washing</h4>\n");
  });

  it("stops at h6", () => {
    expect(renderMarkdown("# One\n### Three\n###### Six", { topLevel: 5 })).toBe(
      "<h5>One</h5>\n<h6>Three</h6>\n<h6>Six</h6>\n",
    );
    expect(renderMarkdown("# One", { topLevel: 6 })).toBe("<h6>One</h6>\n");
  });
});

describe("links", () => {
  it("links a path on this site as it is", () => {
    expect(html("[Contact us](/contact?topic=repair#contact-form)")).toBe(
      '<p><a href="/contact?topic=repair#contact-form">Contact us</a></p>\n',
    );
  });

  it("opens an https address in a new tab and says so, as the site's other external links do", () => {
    expect(html('[Medicare](https://www.medicare.gov/coverage "Coverage") and <https://example.com/a?b=1&c=2>')).toBe(
      '<p><a href="https://www.medicare.gov/coverage" title="Coverage" target="_blank" rel="noopener noreferrer">' +
        `Medicare${newTab}</a> and ` +
        '<a href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer">' +
        `https://example.com/a?b=1&amp;c=2${newTab}</a></p>\n`,
    );
  });

  it("links email addresses and phone numbers", () => {
    expect(html("[Email](mailto:help@example.com), <help@example.com>, [Call](tel:+18667284521)")).toBe(
      '<p><a href="mailto:help@example.com">Email</a>, <a href="mailto:help@example.com">help@example.com</a>, ' +
        '<a href="tel:+18667284521">Call</a></p>\n',
    );
  });

  it("resolves reference-style links, and only to allowed addresses", () => {
    expect(
      html(
        'Read [the policy][policy] or [policy].\n\n[policy]: /review-policy "Review policy"\n[bad]: http://example.com',
      ),
    ).toBe(
      '<p>Read <a href="/review-policy" title="Review policy">the policy</a> or ' +
        '<a href="/review-policy" title="Review policy">policy</a>.</p>\n<p>[bad]: http://example.com</p>\n',
    );
    expect(html("[x][bad]\n\n[bad]: javascript:alert(1)")).toBe("<p>[x][bad]</p>\n<p>[bad]: javascript:alert(1)</p>\n");
  });

  it.each([
    ["javascript:", "[x](javascript:alert(1))", "[x](javascript:alert(1))"],
    ["javascript: in mixed case", "[x](JaVaScRiPt:alert(1))", "[x](JaVaScRiPt:alert(1))"],
    ["javascript: split by an encoded tab", "[x](java&#x09;script:alert(1))", "[x](java\tscript:alert(1))"],
    ["javascript: written in entities", "[x](&#106;avascript:alert(1))", "[x](javascript:alert(1))"],
    ["javascript: in angle brackets with a space", "[x](<java script:alert(1)>)", "[x](&lt;java script:alert(1)&gt;)"],
    ["vbscript:", "[x](vbscript:msgbox)", "[x](vbscript:msgbox)"],
    ["data:", "[x](data:text/html;base64,PHNjcmlwdD4=)", "[x](data:text/html;base64,PHNjcmlwdD4=)"],
    ["http:", "[x](http://example.com)", "[x](http://example.com)"],
    ["https without its slashes", "[x](https:example.com)", "[x](https:example.com)"],
    ["file:", "[x](file:///etc/passwd)", "[x](file:///etc/passwd)"],
    ["another site without a scheme", "[x](//example.com)", "[x](//example.com)"],
    ["another site through a backslash", "[x](/\\example.com)", "[x](/\\example.com)"],
    ["an encoded backslash", "[x](/%5cexample.com)", "[x](/%5cexample.com)"],
    ["another site through an escaped slash", "[x](/\\/example.com)", "[x](//example.com)"],
    ["another site through an encoded slash", "[x](/&#47;example.com)", "[x](//example.com)"],
    ["a relative path", "[x](contact)", "[x](contact)"],
    ["a fragment", "[x](#top)", "[x](#top)"],
    ["a javascript: autolink", "<javascript:alert(1)>", "&lt;javascript:alert(1)&gt;"],
    ["an http autolink", "<http://example.com>", "&lt;http://example.com&gt;"],
    ["a javascript: reference", "[x]\n\n[x]: javascript:alert(1)", "[x]</p>\n<p>[x]: javascript:alert(1)"],
  ])("leaves %s as text", (_, text, shown) => {
    expect(html(text)).toBe(`<p>${shown}</p>\n`);
  });

  it("keeps only the words of a link with no address", () => {
    expect(html("Read [this]() and [that](<>).")).toBe("<p>Read this and [that](&lt;&gt;).</p>\n");
  });

  it("writes a control character in a site path encoded, so a browser cannot drop it", () => {
    expect(html("[x](</\t/example.com>)")).toBe('<p><a href="/%09/example.com">x</a></p>\n');
  });
});

describe("what is never let through", () => {
  it("shows a script as the text that was typed", () => {
    expect(html("<script>alert(1)</script>")).toBe("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n");
    expect(html("Before <script>alert(1)</script> after")).toBe(
      "<p>Before &lt;script&gt;alert(1)&lt;/script&gt; after</p>\n",
    );
  });

  it("shows an HTML picture with a handler as the text that was typed", () => {
    expect(html("<img src=x onerror=alert(1)>")).toBe("<p>&lt;img src=x onerror=alert(1)&gt;</p>\n");
    expect(html('<a href="javascript:alert(1)">x</a> <!-- note -->')).toBe(
      "<p>&lt;a href=&quot;javascript:alert(1)&quot;&gt;x&lt;/a&gt; &lt;!-- note --&gt;</p>\n",
    );
  });

  it("shows a picture as its description alone", () => {
    expect(html("![The cushion *on* a chair](https://example.com/cushion.png)")).toBe(
      "<p>The cushion on a chair</p>\n",
    );
    expect(html('![a <b> & "c"][photo]\n\n[photo]: /photo.png')).toBe("<p>a &lt;b&gt; &amp; &quot;c&quot;</p>\n");
  });

  it("escapes what an attribute would break on", () => {
    expect(html('[x](/a"onmouseover="alert(1) "t\\"itle")')).toBe(
      '<p><a href="/a%22onmouseover=%22alert(1)" title="t&quot;itle">x</a></p>\n',
    );
  });
});

describe("long texts", () => {
  const size = 200_000;
  const fill = (unit: string) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);

  it.each([
    ["ordinary text", "Some *text* with [a link](/contact) and **bold**, <https://example.com>.\n\n- one\n- two\n\n"],
    ["open brackets", "["],
    ["unfinished links", "[a]("],
    ["emphasis marks", "*a"],
    ["pictures", "!["],
    ["tags", "<a "],
    ["entities", "&#"],
    ["backslashes", "\\"],
    ["nested list markers", "- "],
    ["headings", "# h\n"],
    ["reference definitions", "[x]: /a\n"],
  ])("renders 200 KB of %s in well under the time a person waits", (_, unit) => {
    const text = fill(unit);
    renderMarkdown("warm up", { topLevel: 2 });
    const began = performance.now();
    renderMarkdown(text, { topLevel: 2 });
    // Up to 0.5 s on a two-core machine, under 1 s with that machine heavily loaded; a pattern
    // that backtracks or a quadratic pass would take minutes.
    expect(performance.now() - began).toBeLessThan(3_000);
  });
});
