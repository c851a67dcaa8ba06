/**
 * Looks of an editor's long text, the same as the site's hand-written prose (prose.tsx): the HTML
 * comes without classes, so each element is styled from here. The first element sits flush, so
 * the spacing above is whoever places the text.
 */
const looks = [
  "[&>:first-child]:mt-0",
  "[&_p]:mt-3",
  "[&_h2]:mt-10 [&_h2]:text-heading [&_h2]:font-bold",
  "[&_h3]:mt-8 [&_h3]:text-subheading [&_h3]:font-bold",
  "[&_h4]:mt-6 [&_h4]:font-bold [&_h5]:mt-6 [&_h5]:font-bold [&_h6]:mt-6 [&_h6]:font-bold",
  "[&_ul]:mt-3 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6",
  "[&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6",
  "[&_a]:font-semibold [&_a]:text-brand [&_a]:underline",
].join(" ");

/**
 * A long text already rendered to safe HTML on the server (renderMarkdown in
 * lib/markdown.server.ts). It takes HTML rather than Markdown so that the Markdown library never
 * reaches the browser: pages that hydrate get the HTML in their loader data and nothing more.
 */
export function Markdown({ html, className = "" }: { html: string; className?: string }) {
  return <div className={`${looks} ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** A piece of a line of an editor's text, as `markdownBlocks` (lib/markdown.server.ts) reads it: text, or marked-up words. */
export type MarkdownInline =
  | string
  | { tag: "em" | "strong"; children: MarkdownInline[] }
  /** A link whose address the server allowed; `external`: an https address, opened in a new tab. */
  | { tag: "a"; href: string; title?: string; external: boolean; children: MarkdownInline[] }
  | { tag: "br" };

export type MarkdownHeadingTag = "h2" | "h3" | "h4" | "h5" | "h6";

/**
 * A block of an editor's text. `hidden`: a paragraph of a tight list, whose words stand in the
 * list item itself, without a <p>.
 */
export type MarkdownBlock =
  | { tag: "p"; children: MarkdownInline[]; hidden?: true }
  /** `id`: given by a page that links to its headings (a table of contents). */
  | { tag: MarkdownHeadingTag; children: MarkdownInline[]; id?: string }
  | { tag: "ul"; items: MarkdownBlock[][] }
  | { tag: "ol"; start?: number; items: MarkdownBlock[][] };

/** The classes each element of a text drawn by `MarkdownBlocks` gets (none: no class attribute). */
export type MarkdownLooks = Partial<Record<"p" | "ul" | "ol" | "a" | MarkdownHeadingTag, string>>;

/** The site's hand-written prose (prose.tsx), element by element: what `Markdown` gives its HTML. */
export const proseLooks: MarkdownLooks = {
  p: "mt-3",
  h2: "mt-10 text-heading font-bold",
  h3: "mt-8 text-subheading font-bold",
  h4: "mt-6 font-bold",
  h5: "mt-6 font-bold",
  h6: "mt-6 font-bold",
  ul: "mt-3 list-disc space-y-2 pl-6",
  ol: "mt-3 list-decimal space-y-2 pl-6",
  a: "font-semibold text-brand underline",
};

function Inline({ nodes, looks }: { nodes: readonly MarkdownInline[]; looks: MarkdownLooks }) {
  return nodes.map((node, index) => {
    if (typeof node === "string") return node;
    switch (node.tag) {
      case "br":
        return <br key={index} />;
      case "em":
        return (
          <em key={index}>
            <Inline nodes={node.children} looks={looks} />
          </em>
        );
      case "strong":
        return (
          <strong key={index}>
            <Inline nodes={node.children} looks={looks} />
          </strong>
        );
      case "a":
        return (
          <a
            key={index}
            href={node.href}
            title={node.title}
            target={node.external ? "_blank" : undefined}
            rel={node.external ? "noopener noreferrer" : undefined}
            className={looks.a || undefined}
          >
            <Inline nodes={node.children} looks={looks} />
            {node.external ? <span className="sr-only"> (opens in a new tab)</span> : null}
          </a>
        );
    }
  });
}

function Blocks({ blocks, looks }: { blocks: readonly MarkdownBlock[]; looks: MarkdownLooks }) {
  return blocks.map((block, index) => {
    switch (block.tag) {
      case "p":
        return block.hidden ? (
          <Inline key={index} nodes={block.children} looks={looks} />
        ) : (
          <p key={index} className={looks.p || undefined}>
            <Inline nodes={block.children} looks={looks} />
          </p>
        );
      case "ul":
      case "ol": {
        const items = block.items.map((item, number) => (
          <li key={number}>
            <Blocks blocks={item} looks={looks} />
          </li>
        ));
        return block.tag === "ul" ? (
          <ul key={index} className={looks.ul || undefined}>
            {items}
          </ul>
        ) : (
          <ol key={index} start={block.start} className={looks.ol || undefined}>
            {items}
          </ol>
        );
      }
      default: {
        const Heading = block.tag;
        return (
          <Heading key={index} id={block.id} className={looks[block.tag] || undefined}>
            <Inline nodes={block.children} looks={looks} />
          </Heading>
        );
      }
    }
  });
}

/**
 * An editor's long text, read on the server into blocks (`markdownBlocks` in
 * lib/markdown.server.ts), drawn with the page's own elements and classes and no wrapper: where a
 * page placed hand-written paragraphs, the same paragraphs come out, so a text moved into content
 * draws the same page. Like `Markdown`, it takes what the server read, never Markdown itself.
 */
export function MarkdownBlocks({
  blocks,
  looks = proseLooks,
}: {
  blocks: readonly MarkdownBlock[];
  looks?: MarkdownLooks;
}) {
  return <Blocks blocks={blocks} looks={looks} />;
}
