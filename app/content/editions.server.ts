/**
 * Earlier editions of the user guides (docs/decisions/034-uploads.md): every PDF a guide was
 * published with, read from the published versions of the `manuals` item, so a replaced manual
 * keeps its earlier files listed with their dates, as medical-device instructions must. Nothing
 * can remove one: the versions are never deleted, and a restore is a new version.
 *
 * Read into memory with the content (only the versions published since the last read), so a page
 * never waits on the database for them.
 */
import { db } from "~/lib/db.server";
import { initialFiles } from "./initial-files";

export interface Edition {
  file: string;
  /** The edition's date as the guide stated it ("2025-01-01"). */
  lastUpdated: string;
  /** When a version of the site first published the guide with this file. */
  publishedAt: string;
}

/** By guide id, then by file: what each file was published as. */
let editions = new Map<string, Map<string, Edition>>();
let readUpTo = 0;

/** The placeholders a fresh site starts with are no edition of anything. */
const placeholderFiles = new Set(initialFiles.map((file) => file.id));

interface StoredGuide {
  id?: unknown;
  file?: unknown;
  lastUpdated?: unknown;
}

/** Reads the versions of the guides published since the last read. */
export async function refreshEditions(): Promise<void> {
  const rows = await db()
    .selectFrom("content_versions")
    .select(["version", "body", "published_at"])
    .where("key", "=", "manuals")
    .where("version", ">", readUpTo)
    .orderBy("version")
    .execute();
  if (rows.length === 0) return;
  const next = new Map([...editions].map(([id, files]) => [id, new Map(files)]));
  for (const row of rows) {
    let guides: StoredGuide[] = [];
    try {
      const body = JSON.parse(row.body) as { guides?: unknown };
      if (Array.isArray(body.guides)) guides = body.guides as StoredGuide[];
    } catch {
      continue;
    }
    for (const guide of guides) {
      if (typeof guide.id !== "string" || typeof guide.file !== "string" || typeof guide.lastUpdated !== "string")
        continue;
      if (placeholderFiles.has(guide.file)) continue;
      const files = next.get(guide.id) ?? new Map<string, Edition>();
      const known = files.get(guide.file);
      // A file keeps the date it was first published with, and the latest date the guide gave it.
      files.set(guide.file, {
        file: guide.file,
        lastUpdated: known && known.lastUpdated > guide.lastUpdated ? known.lastUpdated : guide.lastUpdated,
        publishedAt: known?.publishedAt ?? row.published_at,
      });
      next.set(guide.id, files);
    }
    readUpTo = Math.max(readUpTo, row.version);
  }
  editions = next;
}

/** The earlier editions of guide `id`, whose current PDF is `current`: the newest first. */
export function earlierEditions(id: string, current: string): Edition[] {
  return [...(editions.get(id)?.values() ?? [])]
    .filter((edition) => edition.file !== current)
    .sort((a, b) => b.lastUpdated.localeCompare(a.lastUpdated) || b.publishedAt.localeCompare(a.publishedAt));
}

/** Forgets what was read (tests, and an instance switching databases). */
export function forgetEditions() {
  editions = new Map();
  readUpTo = 0;
}
