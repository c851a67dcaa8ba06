/**
 * Long texts that editors write (biographies, manuals, policy sections) are Markdown, rendered to
 * HTML here, on the server, so the library never reaches a visitor's browser (docs/requirements.md
 * §7.13). `markdownBlocks` reads a text the same way into plain data that a page draws with its own
 * elements and classes (MarkdownBlocks in components/ui/markdown.tsx).
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
import type { StateCore, Token } from "markdown-it";
import type { MarkdownBlock, MarkdownHeadingTag, MarkdownInline } from "~/components/ui/markdown";
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

/** The words and marks of one line of text (an inline token's children), as `MarkdownBlocks` draws them. */
function inlineOf(tokens: readonly Token[], env: Env): MarkdownInline[] {
  const line: MarkdownInline[] = [];
  const open: MarkdownInline[][] = [line];
  const add = (node: MarkdownInline) => {
    const into = open[open.length - 1]!;
    const last = into[into.length - 1];
    // Neighbouring words are one text, as the HTML would have them.
    if (typeof node === "string" && typeof last === "string") into[into.length - 1] = last + node;
    else if (node !== "") into.push(node);
  };
  for (const token of tokens) {
    switch (token.type) {
      case "softbreak":
        add("\n");
        break;
      case "hardbreak":
        add({ tag: "br" });
        break;
      case "em_open":
      case "strong_open": {
        const children: MarkdownInline[] = [];
        add({ tag: token.type === "em_open" ? "em" : "strong", children });
        open.push(children);
        break;
      }
      case "link_open": {
        // The rule above has dropped every link whose address is not allowed, and marked the rest.
        const children: MarkdownInline[] = [];
        const title = String(token.attrGet("title") ?? "");
        add({
          tag: "a",
          href: String(token.attrGet("href") ?? ""),
          ...(title ? { title } : {}),
          external: token.attrGet("target") === "_blank",
          children,
        });
        open.push(children);
        break;
      }
      case "em_close":
      case "strong_close":
      case "link_close":
        open.pop();
        break;
      case "image":
        // A picture is its description alone, as in the HTML.
        add(markdown.renderer.renderInlineAsText(token.children ?? [], markdown.options, env));
        break;
      default:
        // Text, and whatever else stands for the characters typed.
        add(token.content);
    }
  }
  return line;
}

/**
 * `text` read into blocks for `MarkdownBlocks` (components/ui/markdown.tsx) to draw with a page's
 * own elements and classes: the same reading as `renderMarkdown`, with the same headings and the
 * same links allowed, as plain data a loader returns. The words are text, never HTML: React
 * escapes them as it does every hand-written word, so a text moved into content draws the same.
 */
export function markdownBlocks(text: string, options: { topLevel: HeadingLevel }): MarkdownBlock[] {
  const env: Env = { topLevel: options.topLevel };
  const blocks: MarkdownBlock[] = [];
  // Where the next block goes (the text, or a list item), and the lists open around it.
  const into: MarkdownBlock[][] = [blocks];
  const lists: Array<{ items: MarkdownBlock[][] }> = [];
  let pending: { tag: "p"; hidden?: true } | { tag: MarkdownHeadingTag } | undefined;
  for (const token of markdown.parse(text, env)) {
    const here = into[into.length - 1]!;
    switch (token.type) {
      case "paragraph_open":
        pending = token.hidden ? { tag: "p", hidden: true } : { tag: "p" };
        break;
      case "heading_open":
        pending = { tag: token.tag as MarkdownHeadingTag };
        break;
      case "inline":
        if (pending) here.push({ ...pending, children: inlineOf(token.children ?? [], env) });
        pending = undefined;
        break;
      case "bullet_list_open":
      case "ordered_list_open": {
        const start = Number(token.attrGet("start") ?? 1);
        const list: MarkdownBlock =
          token.type === "bullet_list_open"
            ? { tag: "ul", items: [] }
            : { tag: "ol", ...(start !== 1 ? { start } : {}), items: [] };
        here.push(list);
        lists.push(list);
        break;
      }
      case "bullet_list_close":
      case "ordered_list_close":
        lists.pop();
        break;
      case "list_item_open": {
        const item: MarkdownBlock[] = [];
        lists[lists.length - 1]!.items.push(item);
        into.push(item);
        break;
      }
      case "list_item_close":
        into.pop();
        break;
    }
  }
  return blocks;
}
