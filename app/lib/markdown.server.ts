/**
 * Long texts that editors write (biographies, manuals, policy sections) are Markdown, rendered to
 * HTML here, on the server, so the library never reaches a visitor's browser (docs/requirements.md
 * §7.13).
 *
 * What a text may hold, and nothing else:
 * - paragraphs, line breaks (two spaces or a backslash at the end of a line), *emphasis* and
 *   **strong emphasis**, bulleted and numbered lists;
 * - headings, always below the page's own: with `topLevel: 3`, `#` becomes an h3 and `##` an h4,
 *   down to h6, so a text can never put a second h1 on a page or jump above its section;
 * - links to a path on this site (`/contact`), to an `https://` address, or to `mailto:` and `tel:`,
 *   which the site already uses for its phone and email. Any other address (`http:`,
 *   `javascript:`, `data:`, `//other.example`, a relative path) is not a link: it stays as the
 *   text the editor typed, so the mistake is visible on the preview rather than silently dropped
 *   (a link with no address at all, `[words]()`, keeps its words).
 *   An https link opens in a new tab and says so to screen-reader users, as the site's other
 *   external links do (ExternalLink in components/ui/button.tsx).
 *
 * Everything else is written out as text: raw HTML (`<script>`, `<img onerror=…>`) appears escaped,
 * as typed, because HTML is off; pictures are shown as their description only (editors upload
 * photos under Files, where they get sizes, formats and alt text checked; the admin form refuses
 * them with a message first: markdown-text.ts); there are no tables, code blocks, quotes or
 * automatic links, and no "smart" quotes that would change what the editor wrote. Indented lines
 * stay ordinary paragraphs rather than turning into code, which surprises people who indent.
 */
import MarkdownIt from "markdown-it";
import type { StateCore } from "markdown-it";
import { isAllowedLink } from "./markdown-text";

export type HeadingLevel = 2 | 3 | 4 | 5 | 6;

type Env = { topLevel: HeadingLevel };

// "zero" starts with paragraphs and plain text only; each rule that is turned on is one the ruling
// names (or one it needs: escapes and entities, so any character can be written as text). HTML,
// linkify and the typographer are off in this preset.
const markdown = new MarkdownIt("zero", { html: false, linkify: false, typographer: false, breaks: false });
markdown.enable([
  "heading",
  "lheading",
  "list",
  "reference",
  "newline",
  "escape",
  "entity",
  "emphasis",
  "link",
  "autolink",
  // Parsed only to be shown as its description (see the image rule below), so `![a](b)` reads
  // as "a" rather than as "!" followed by a link to a picture.
  "image",
]);

// The address a link would get, after entities and escapes are decoded and the rest is
// percent-encoded: what is checked is exactly what would be written into href. A refused address
// makes the parser treat the brackets as text.
markdown.validateLink = isAllowedLink;

const opensInNewTab = /^https:\/\//i;

// Headings move down under the page's own. Links that leave the site are marked to open in a new
// tab, with their closing token marked too so the hint can be written before `</a>`. A link whose
// address is still not allowed here loses its tags and keeps its words: the parser makes a link
// of `[words]()` without asking validateLink, and an empty href would point at the page itself.
markdown.core.ruler.push("aquila_headings_and_links", (state: StateCore) => {
  const { topLevel } = state.env as Env;
  for (const token of state.tokens) {
    if (token.type === "heading_open" || token.type === "heading_close") {
      const written = Number(token.tag.slice(1));
      token.tag = `h${Math.min(6, topLevel + written - 1)}`;
    }
    if (token.type !== "inline" || !token.children) continue;
    const open: Array<"kept" | "external" | "dropped"> = [];
    token.children = token.children.filter((child) => {
      if (child.type === "link_open") {
        const href = String(child.attrGet("href") ?? "");
        const kind = !isAllowedLink(href) ? "dropped" : opensInNewTab.test(href) ? "external" : "kept";
        open.push(kind);
        if (kind === "external") {
          child.attrSet("target", "_blank");
          child.attrSet("rel", "noopener noreferrer");
        }
        return kind !== "dropped";
      }
      if (child.type === "link_close") {
        const kind = open.pop();
        child.meta = { external: kind === "external" };
        return kind !== "dropped";
      }
      return true;
    });
  }
});

markdown.renderer.rules.link_close = (tokens, index, options, _env, renderer) => {
  const hint = (tokens[index]?.meta as { external?: boolean } | null | undefined)?.external
    ? '<span class="sr-only"> (opens in a new tab)</span>'
    : "";
  return `${hint}${renderer.renderToken(tokens, index, options)}`;
};

markdown.renderer.rules.image = (tokens, index, options, env, renderer) =>
  markdown.utils.escapeHtml(renderer.renderInlineAsText(tokens[index]?.children ?? [], options, env));

/**
 * `text` as safe HTML for a page whose text starts at heading level `topLevel` (the level of the
 * first heading the text may use, one below the page's or the section's own heading).
 */
export function renderMarkdown(text: string, options: { topLevel: HeadingLevel }): string {
  const env: Env = { topLevel: options.topLevel };
  return markdown.render(text, env);
}
