/**
 * The user guides as pages draw them: each guide with its PDF's address and size, and one guide's
 * text read into blocks, its sections given ids for the table of contents, and its earlier
 * editions. Read from memory only (the content, the uploads and the editions), so the list of
 * guides can be prerendered and a guide's page never waits on the database.
 */
import type { MarkdownBlock, MarkdownInline } from "~/components/ui/markdown";
import { type ManualDocument, manualsContent } from "~/content/manuals";
import { pdfFile } from "~/lib/uploads/uploads.server";
import { pdfAddress } from "~/lib/uploads/refs";
import { markdownBlocks } from "~/lib/markdown.server";
import { slugOf } from "~/lib/slug";
import { earlierEditions } from "~/content/editions.server";

export interface GuidePdf {
  href: string;
  size: number;
  pages: number;
}

export interface GuideSummary extends Omit<ManualDocument, "body" | "file"> {
  pdf: GuidePdf | undefined;
  /** The guide's page: /user-manuals/<id>. */
  href: string;
}

export interface Section {
  id: string;
  title: string;
  subsections: Array<{ id: string; title: string }>;
}

function pdfOf(id: string): GuidePdf | undefined {
  const file = pdfFile(id);
  return file ? { href: pdfAddress(file), size: file.size, pages: file.pages } : undefined;
}

function summaryOf({ body: _body, file, ...guide }: ManualDocument): GuideSummary {
  return { ...guide, pdf: pdfOf(file), href: `/user-manuals/${guide.id}` };
}

/** Every guide, as the list of guides shows it. */
export function guideSummaries(): GuideSummary[] {
  return manualsContent.guides.map(summaryOf);
}

function plainText(nodes: readonly MarkdownInline[]): string {
  return nodes
    .map((node) => (typeof node === "string" ? node : node.tag === "br" ? " " : plainText(node.children)))
    .join("");
}

/** A heading's anchor: its words in lower case with hyphens, made unique on the page. */
function anchorFor(title: string, taken: Set<string>): string {
  const base = slugOf(title) || "section";
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  taken.add(id);
  return id;
}

/** One guide's page, or undefined for an address no guide has. */
export function guidePage(id: string) {
  const guide = manualsContent.guides.find((entry) => entry.id === id);
  if (!guide) return undefined;
  const group = manualsContent.groups.find((entry) => entry.id === guide.group);
  // The page's own ids (the header, the contents, the editions) are taken before the text's.
  const taken = new Set(["main", "contents", "contents-title", "earlier-editions", "earlier-editions-title"]);
  const sections: Section[] = [];
  const blocks: MarkdownBlock[] = markdownBlocks(guide.body, { topLevel: 2 }).map((block) => {
    if (block.tag !== "h2" && block.tag !== "h3") return block;
    const title = plainText(block.children);
    const anchor = anchorFor(title, taken);
    if (block.tag === "h2") sections.push({ id: anchor, title, subsections: [] });
    else sections.at(-1)?.subsections.push({ id: anchor, title });
    return { ...block, id: anchor };
  });
  return {
    guide: summaryOf(guide),
    group: group ? { title: group.title } : undefined,
    blocks,
    sections,
    earlier: earlierEditions(guide.id, guide.file).map((edition) => ({
      lastUpdated: edition.lastUpdated,
      pdf: pdfOf(edition.file),
    })),
  };
}
