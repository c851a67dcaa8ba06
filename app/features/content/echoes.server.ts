import { contentItems } from "~/content/items";
import { db } from "~/lib/db.server";
import { leaves } from "./leaves";

/**
 * Where a changed value is still written in other items. A fact such as the product's name or the
 * warranty's length is written into the wording of several pages (docs/staff.md, "A fact written in
 * several places"); changing it in one item leaves the others as they were. The item's page lists
 * each place the old value still stands, with the words around it, so an editor can judge whether
 * it is the same fact and change it there too.
 */

/** One changed value and the other items whose published text still holds its old form. */
export interface Echo {
  before: string;
  after: string;
  places: Array<{ key: string; title: string; count: number; snippets: string[] }>;
}

/** Values shorter than this, or longer than a line, are not looked for (a digit, a whole paragraph). */
const shortest = 2;
const longest = 120;
const snippetsPerItem = 2;
const around = 40;

/** The texts of a value's leaves, numbers as written, booleans and empty places left out. */
function leafTexts(value: unknown): Map<string, string> {
  const found = new Map<string, string>();
  for (const [path, leaf] of leaves(value)) {
    if (typeof leaf === "string" || typeof leaf === "number") found.set(path, String(leaf));
  }
  return found;
}

/** The values of `before` that `after` changed at the same place, each once. */
export function changedValues(before: unknown, after: unknown): Array<{ before: string; after: string }> {
  const now = leafTexts(after);
  const seen = new Set<string>();
  const changed: Array<{ before: string; after: string }> = [];
  for (const [path, text] of leafTexts(before)) {
    const old = text.trim();
    const next = now.get(path);
    if (next === undefined || next.trim() === old || seen.has(old)) continue;
    if (old.length < shortest || old.length > longest) continue;
    seen.add(old);
    changed.push({ before: old, after: next.trim() });
  }
  return changed;
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * `text` found as a whole: not inside a longer word or number ("30" is not found in "300"), and a
 * number not as one end of a range ("30" is not the 30 of "24-30 hours" or "24 to 30 hours").
 */
function wholePattern(text: string) {
  const number = /^\d+(?:\.\d+)?$/.test(text);
  const start = /^[\p{L}\p{N}]/u.test(text) ? `(?<![\\p{L}\\p{N}${number ? "." : ""}])` : "";
  const end = /[\p{L}\p{N}]$/u.test(text) ? "(?![\\p{L}\\p{N}])" : "";
  const range = number ? ["(?<!\\p{N}(?:\\s?[-–]\\s?| to ))", "(?!(?:\\s?[-–]\\s?| to )\\p{N})"] : ["", ""];
  return new RegExp(`${range[0]}${start}${escapeRegExp(text)}${end}${range[1]}`, "gu");
}

/** The words around a match, cut between words, with "…" where the text goes on. */
function snippet(text: string, index: number, length: number) {
  let from = Math.max(0, index - around);
  let to = Math.min(text.length, index + length + around);
  if (from > 0) {
    const space = text.slice(from, index).search(/\s/);
    from = space === -1 ? index : from + space + 1;
  }
  if (to < text.length) {
    const space = text.slice(index + length, to).search(/\s\S*$/);
    to = space === -1 ? index + length : index + length + space;
  }
  return `${from > 0 ? "…" : ""}${text.slice(from, to).trim().replace(/\s+/g, " ")}${to < text.length ? "…" : ""}`;
}

/** Where each of `changes` still stands in `bodies` (the other items' published values), by item. */
export function findEchoes(
  changes: ReadonlyArray<{ before: string; after: string }>,
  bodies: ReadonlyArray<{ key: string; title: string; body: unknown }>,
): Echo[] {
  const texts = bodies.map((item) => ({ ...item, texts: [...leafTexts(item.body).values()] }));
  return changes
    .map(({ before, after }) => {
      const pattern = wholePattern(before);
      const places = texts.flatMap(({ key, title, texts: itemTexts }) => {
        let count = 0;
        const snippets: string[] = [];
        for (const text of itemTexts) {
          for (const match of text.matchAll(pattern)) {
            count += 1;
            if (snippets.length < snippetsPerItem) snippets.push(snippet(text, match.index, before.length));
          }
        }
        return count ? [{ key, title, count, snippets }] : [];
      });
      return { before, after, places };
    })
    .filter((echo) => echo.places.length > 0);
}

/**
 * Where the values an item's change alters are still written elsewhere: for its draft, the values
 * the draft changes from what is published; with no draft, those its last publish changed from the
 * version before.
 */
export async function echoesOf(key: string, draft: unknown | undefined, published: { version: number; body: unknown }) {
  let before: unknown;
  let after: unknown;
  if (draft !== undefined) {
    before = published.body;
    after = draft;
  } else {
    if (published.version < 2) return [];
    const previous = await db()
      .selectFrom("content_versions")
      .select("body")
      .where("key", "=", key)
      .where("version", "=", published.version - 1)
      .executeTakeFirst();
    if (!previous) return [];
    before = JSON.parse(previous.body);
    after = published.body;
  }
  const changes = changedValues(before, after);
  if (changes.length === 0) return [];
  const rows = await db().selectFrom("content_items").select(["key", "body"]).where("key", "!=", key).execute();
  const titles = new Map(contentItems.map((item) => [item.key, item.title]));
  const bodies = rows.flatMap((row) => {
    const title = titles.get(row.key);
    return title ? [{ key: row.key, title, body: JSON.parse(row.body) as unknown }] : [];
  });
  bodies.sort((a, b) => [...titles.keys()].indexOf(a.key) - [...titles.keys()].indexOf(b.key));
  return findEchoes(changes, bodies);
}
