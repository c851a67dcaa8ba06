/**
 * What a fresh site starts with besides app/content's values: who wrote its first version, and the
 * placeholder PDFs of the four user guides (public/manuals/), which the first start writes to the
 * database as uploads. Known here without the database, so the build draws the same pages as a
 * running site; app/lib/uploads/uploads.server.test.ts checks each id, size and page count
 * against its file.
 *
 * Plain data with no imports: the guides' initial content (manuals.ts) names these files.
 */

/** Who the first version of every item, and every file a fresh site starts with, is from. */
export const initialAuthor = "(initial content)";

export interface InitialFile {
  /** The upload's id: the first 32 hex digits of the SHA-256 of the file. */
  id: string;
  /** Its name, in public/manuals/ and in its address. */
  name: string;
  size: number;
  pages: number;
  /** The date of the edition it stands for ("2024-12-01"). */
  day: string;
}

export const initialFiles: readonly InitialFile[] = [
  {
    id: "137033070d07e6899368efa032e1d39a",
    name: "softech-manual-switch-booklet.pdf",
    size: 12_863,
    pages: 7,
    day: "2024-12-01",
  },
  {
    id: "ca396a09fb2c35a6a40bf6678887ee46",
    name: "softech-manual-switch-single-page.pdf",
    size: 3_501,
    pages: 1,
    day: "2024-12-01",
  },
  {
    id: "3e1bdcebe28c6be452876bc06da23b08",
    name: "softech-auto-start-booklet.pdf",
    size: 12_436,
    pages: 7,
    day: "2025-01-01",
  },
  {
    id: "09c5c10551ca9157c76a96dde068fa66",
    name: "softech-auto-start-single-page.pdf",
    size: 3_485,
    pages: 1,
    day: "2025-01-01",
  },
];

/** The initial file named `name`. */
export function initialFile(name: string): InitialFile {
  const file = initialFiles.find((candidate) => candidate.name === name);
  if (!file) throw new Error(`No initial file ${name}.`);
  return file;
}
