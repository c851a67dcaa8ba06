import { describe, expect, it } from "vitest";
import {
  htmlMessage,
  isAllowedLink,
  markdownProblems,
  markdownText,
  missingAddressMessage,
  pictureMessage,
} from "./markdown-text";
import { fieldMistakes, z } from "./zod";

describe("what an editor is told about a long text", () => {
  it("has nothing to say about paragraphs, emphasis, lists, headings and allowed links", () => {
    const text = [
      "# Caring for the cushion",
      "Wipe it with a *damp* cloth. **Never** use bleach.",
      "- Seat\n- Pump",
      "1. Charge\n2. Fit",
      "[Contact us](/contact), [Medicare](https://www.medicare.gov/), <https://example.com>,",
      "[Email](mailto:help@example.com), <help@example.com>, [Call](tel:+18667284521), [policy][p].",
      "[p]: /review-policy",
      "Weight < 300 lb, a <3, 2 > 1, and an exclamation! [Next](/order)",
    ].join("\n\n");
    expect(markdownProblems(text)).toEqual([]);
  });

  it("names a link whose address is not a site path or https", () => {
    expect(markdownProblems("See [our partner](http://example.com).")).toEqual([
      "Links must start with https:// or /: http://example.com",
    ]);
  });

  it.each([
    ["javascript:", "[x](javascript:alert(1))", "javascript:alert(1)"],
    ["javascript: in mixed case", "[x](JaVaScRiPt:alert(1))", "JaVaScRiPt:alert(1)"],
    ["javascript: split by an encoded tab", "[x](java&#x09;script:alert(1))", "java&#x09;script:alert(1)"],
    ["javascript: in entities", "[x](&#106;avascript:alert(1))", "&#106;avascript:alert(1)"],
    ["an address in angle brackets", "[x](<data:text/html,hi there>)", "data:text/html,hi there"],
    ["data:", "[x](data:text/html,hi)", "data:text/html,hi"],
    ["a relative path", "[x](contact)", "contact"],
    ["a fragment", "[x](#top)", "#top"],
    ["another site without a scheme", "[x](//example.com)", "//example.com"],
    ["another site through a backslash", "[x](/\\example.com)", "/\\example.com"],
    ["another site through an encoded slash", "[x](/&#47;example.com)", "/&#47;example.com"],
    ["a javascript: autolink", "<javascript:alert(1)>", "javascript:alert(1)"],
    ["an http autolink", "<http://example.com>", "http://example.com"],
    ["a reference definition", "[x]\n\n[x]: javascript:alert(1)", "javascript:alert(1)"],
    ["a reference definition in angle brackets", "[x]\n\n[x]:\n  <http://example.com>", "http://example.com"],
    ["parentheses in the address", "[x](http://example.com/a_(b))", "http://example.com/a_(b)"],
  ])("refuses %s", (_, text, address) => {
    expect(markdownProblems(text)).toEqual([`Links must start with https:// or /: ${address}`]);
  });

  it("lists the first three refused addresses, once each, shortening a long one", () => {
    const long = `http://example.com/${"a".repeat(100)}`;
    expect(
      markdownProblems(`[a](http://a.example) [b](http://a.example) [c](ftp://c) [d](${long}) [e](#e) [f](g)`),
    ).toEqual([`Links must start with https:// or /: http://a.example, ftp://c, ${long.slice(0, 60)}… and 2 more`]);
  });

  it("says when a link has no address", () => {
    expect(markdownProblems("Read [this]() or [that](<>).")).toEqual([missingAddressMessage]);
  });

  it.each([
    ["a script", "<script>alert(1)</script>"],
    ["a picture with a handler", "Hello <img src=x onerror=alert(1)>"],
    ["a closing tag", "bold</b>"],
    ["a self-closing tag", "line<br/>break"],
    ["a tag across lines", '<a\nhref="/x">x</a>'],
    ["a comment", "<!-- draft -->"],
    ["a declaration", "<!DOCTYPE html>"],
    ["character data", "<![CDATA[x]]>"],
    ["a processing instruction", "<?php echo 1 ?>"],
  ])("refuses %s as HTML", (_, text) => {
    expect(markdownProblems(text)).toEqual([htmlMessage]);
  });

  it.each([
    ["a picture", "![The cushion](https://example.com/cushion.png)"],
    ["a picture on this site", "![The cushion](/files/cushion.png)"],
    ["a picture by reference", "![The cushion][photo]\n\n[photo]: /files/cushion.png"],
    ["a picture with brackets in its description", "![The [new] cushion](/files/cushion.png)"],
  ])("refuses %s", (_, text) => {
    expect(markdownProblems(text)).toEqual([pictureMessage]);
  });

  it("reports each kind of mistake once, links first", () => {
    expect(
      markdownProblems("<b>Hi</b> ![a](http://x.example/a.png) <i>there</i> ![b](/b.png) [c](http://x.example/a.png)"),
    ).toEqual(["Links must start with https:// or /: http://x.example/a.png", htmlMessage, pictureMessage]);
  });

  it("stays fast on 200 KB of text made to slow a pattern down", () => {
    const size = 200_000;
    const fill = (unit: string) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
    markdownProblems("warm up");
    // The fastest of three tries, so a pause of a machine busy with other tests is not counted:
    // about 20 ms on a quiet two-core machine, where a pattern that backtracks takes minutes.
    const fastest = (text: string) =>
      Math.min(
        ...[1, 2, 3].map(() => {
          const began = performance.now();
          markdownProblems(text);
          return performance.now() - began;
        }),
      );
    for (const unit of ["](((", "[a](", "<a ", "<a b=\"<a b='", "![a[b", "![\\", "[x]:", "[x]: /a\n", "<a:", "<"]) {
      expect(fastest(fill(unit)), unit).toBeLessThan(1_000);
    }
  });
});

describe("which addresses a link may have", () => {
  it("takes a site path, https, mailto and tel, in any case", () => {
    for (const address of ["/", "/contact?topic=repair#form", "https://example.com", "HTTPS://example.com"]) {
      expect(isAllowedLink(address), address).toBe(true);
    }
    for (const address of ["mailto:help@example.com", "MAILTO:help@example.com", "tel:+18667284521"]) {
      expect(isAllowedLink(address), address).toBe(true);
    }
  });

  it("refuses everything else", () => {
    for (const address of ["", "//example.com", "/\\example.com", "/%5Cexample.com", "/&#47;x", "http://x"]) {
      expect(isAllowedLink(address), address).toBe(false);
    }
    for (const address of ["https:example.com", "javascript:alert(1)", " /contact", "contact", "#top"]) {
      expect(isAllowedLink(address), address).toBe(false);
    }
  });
});

describe("markdownText, the field of the admin form", () => {
  const Schema = z.object({ biography: markdownText({ max: 50, label: "Biography" }) });

  it("keeps a good text, trimmed", () => {
    expect(Schema.parse({ biography: "  Founded the company in *1998*.\n" })).toEqual({
      biography: "Founded the company in *1998*.",
    });
  });

  it("asks for a text that is missing or empty", () => {
    expect(fieldMistakes(Schema, {})).toEqual({ biography: "Biography is required" });
    expect(fieldMistakes(Schema, { biography: " \n " })).toEqual({ biography: "Biography is required" });
  });

  it("refuses a text that is too long", () => {
    expect(fieldMistakes(Schema, { biography: "a".repeat(51) })).toEqual({
      biography: "Biography must be 50 characters or fewer",
    });
  });

  it("refuses what the site will not show, with the editor's message", () => {
    expect(fieldMistakes(Schema, { biography: "See <b>this</b>" })).toEqual({ biography: htmlMessage });
    const result = Schema.safeParse({ biography: "<b>x</b> [y](http://z)" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      "Links must start with https:// or /: http://z",
      htmlMessage,
    ]);
  });

  it("refuses text no database can keep before reading it as Markdown", () => {
    expect(fieldMistakes(Schema, { biography: "a\0<b>" })).toEqual({
      biography: "Please remove characters that cannot be saved",
    });
  });
});
