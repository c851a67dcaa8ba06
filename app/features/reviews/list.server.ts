// Published reviews as the pages and the API list them: the home page's newest, and the /testimonials
// pages by cursor (decision 019).
import type { CompiledQuery, Selectable } from "kysely";
import type { TestimonialTable } from "#db/schema";
import { db } from "~/lib/db.server";
import type { FilterValue, ReviewPosition } from "./fields";
import { countPublished } from "./ledger.server";
import type { PublicReview } from "./types";

const publicColumns = [
  "id",
  "name",
  "rating",
  "quote",
  "context",
  "tags",
  "verified",
  "created_at",
  "written_by",
  "reply",
  "reply_at",
] as const;

export function toPublic(row: Pick<Selectable<TestimonialTable>, (typeof publicColumns)[number]>): PublicReview {
  return {
    id: row.id,
    name: row.name,
    rating: Number(row.rating),
    quote: row.quote,
    context: row.context,
    tags: parseTags(row.tags),
    verified: Number(row.verified) === 1,
    createdAt: row.created_at,
    writtenBy: row.written_by,
    reply: row.reply && row.reply_at ? { text: row.reply, at: row.reply_at } : null,
  };
}

function parseTags(value: string): string[] {
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === "string") : [];
  } catch {
    return [];
  }
}

/** The newest published reviews, for the home page carousel. */
export async function listRecentPublishedReviews(limit: number): Promise<PublicReview[]> {
  const rows = await db()
    .selectFrom("testimonials")
    .select(publicColumns)
    .where("approved", "=", 1)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map(toPublic);
}

export const publicPageSize = 12;

/** review_filters is kept by the database from each review's tags (migration 0012), like review_tallies. */
interface ReviewFilterTable {
  filter: string;
  testimonial_id: string;
  approved: number;
  created_at: string;
}
/** review_filter_tallies: how many reviews each tab holds, by state, kept by the database (migration 0013). */
interface ReviewFilterTallyTable {
  filter: string;
  approved: number;
  n: number;
}
const filters = () =>
  db().withTables<{ review_filters: ReviewFilterTable; review_filter_tallies: ReviewFilterTallyTable }>();

/** Where a review stands in the newest-first order: its time, then its id for reviews sent in the same millisecond. */
export interface Place {
  createdAt: string;
  id: string;
}

/**
 * A review's place as it appears in a link (`?before=…`): opaque, short, and safe in a URL. An
 * address that does not decode to a place is read as no place at all (the newest page).
 */
export function encodeCursor(place: Place): string {
  return Buffer.from(`${place.createdAt} ${place.id}`).toString("base64url");
}

export function decodeCursor(cursor: string): Place | undefined {
  if (cursor.length > 200 || !/^[A-Za-z0-9_-]+$/.test(cursor)) return undefined;
  const text = Buffer.from(cursor, "base64url").toString("utf8");
  const space = text.indexOf(" ");
  if (space <= 0 || space === text.length - 1) return undefined;
  return { createdAt: text.slice(0, space), id: text.slice(space + 1) };
}

/**
 * Up to `limit` published reviews of one tab next to `from` (or from the newest or oldest end):
 * older ones newest first, newer ones oldest first. Each is a range of one index
 * (testimonials_order_idx, or review_filters_list_idx for a tab) entered at `from`, so it costs
 * the same on any page, whatever the number of reviews (the plan is tested on both databases).
 */
export function placesQuery(
  filter: FilterValue,
  direction: "older" | "newer",
  from: Place | undefined,
  limit: number,
): CompiledQuery<{ id: string; created_at: string }> {
  const order = direction === "older" ? "desc" : "asc";
  const beyond = direction === "older" ? "<" : ">";
  if (filter === "all") {
    let query = db().selectFrom("testimonials").select(["id", "created_at"]).where("approved", "=", 1);
    if (from)
      query = query.where(({ eb, refTuple, tuple }) =>
        eb(refTuple("created_at", "id"), beyond, tuple(from.createdAt, from.id)),
      );
    return query.orderBy("created_at", order).orderBy("id", order).limit(limit).compile();
  }
  let query = filters()
    .selectFrom("review_filters")
    .select(["testimonial_id as id", "created_at"])
    .where("filter", "=", filter)
    .where("approved", "=", 1);
  if (from)
    query = query.where(({ eb, refTuple, tuple }) =>
      eb(refTuple("created_at", "testimonial_id"), beyond, tuple(from.createdAt, from.id)),
    );
  return query.orderBy("created_at", order).orderBy("testimonial_id", order).limit(limit).compile();
}

async function placesNextTo(
  filter: FilterValue,
  direction: "older" | "newer",
  from: Place | undefined,
  limit: number,
): Promise<Place[]> {
  const { rows } = await db().executeQuery(placesQuery(filter, direction, from, limit));
  return rows.map((row) => ({ createdAt: row.created_at, id: row.id }));
}

/** How many reviews a tab shows: a row or a few of the tallies, whatever the number of reviews. */
async function countInFilter(filter: FilterValue): Promise<number> {
  if (filter === "all") return countPublished();
  const row = await filters()
    .selectFrom("review_filter_tallies")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("n"), eb.lit(0)).as("n"))
    .where("filter", "=", filter)
    .where("approved", "=", 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page of a tab, newest first, and whether there are reviews beyond it either way. */
interface PageOfPlaces {
  places: Place[];
  newer: boolean;
  older: boolean;
}

/**
 * The newest page; also the page for a cursor that cannot be read, or that has no review beyond
 * it (its reviews unpublished since, or an address written by hand): the newest page, with its
 * links on, rather than an empty list with no way on.
 */
async function newestPage(filter: FilterValue): Promise<PageOfPlaces> {
  const places = await placesNextTo(filter, "older", undefined, publicPageSize + 1);
  return { places: places.slice(0, publicPageSize), newer: false, older: places.length > publicPageSize };
}

async function pageOfPlaces(filter: FilterValue, position: ReviewPosition): Promise<PageOfPlaces> {
  if ("before" in position) {
    const from = decodeCursor(position.before);
    if (!from) return newestPage(filter);
    const places = await placesNextTo(filter, "older", from, publicPageSize + 1);
    if (places.length === 0) return newestPage(filter);
    const shown = places.slice(0, publicPageSize);
    // Newer reviews exist unless the one this page starts after was the newest and is gone since.
    const newer = (await placesNextTo(filter, "newer", shown[0]!, 1)).length > 0;
    return { places: shown, newer, older: places.length > publicPageSize };
  }
  if ("after" in position || position.from === "oldest") {
    const from = "after" in position ? decodeCursor(position.after) : undefined;
    if ("after" in position && !from) return newestPage(filter);
    const places = await placesNextTo(filter, "newer", from, publicPageSize + 1);
    if (from && places.length === 0) return newestPage(filter);
    // At the newest end the page may be short, as the oldest page is when walking the other way.
    const shown = places.slice(0, publicPageSize).reverse();
    const last = shown.at(-1);
    const older = last ? (await placesNextTo(filter, "older", last, 1)).length > 0 : false;
    return { places: shown, newer: places.length > publicPageSize, older };
  }
  return newestPage(filter);
}

/**
 * One page of published reviews, newest first (decision 019): the newest, the oldest, or the
 * page just older or newer than a review given by its cursor. A link to a page keeps showing the
 * same reviews when new ones are published; `newer` and `older` are the positions of the pages
 * next to it, or null at either end.
 */
export async function listPublishedReviews(filter: FilterValue, position: ReviewPosition = { from: "newest" }) {
  const [total, page] = await Promise.all([countInFilter(filter), pageOfPlaces(filter, position)]);
  const ids = page.places.map((place) => place.id);
  // By primary key alone: with `approved = 1` in the same WHERE, SQLite walked the approved
  // index instead (140 ms at 100,000 reviews). A review unpublished since its id was read is
  // dropped here.
  const rows =
    ids.length === 0
      ? []
      : await db()
          .selectFrom("testimonials")
          .select([...publicColumns, "approved"])
          .where("id", "in", ids)
          .execute();
  const byId = new Map(rows.filter((row) => Number(row.approved) === 1).map((row) => [row.id, row]));
  const reviews = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toPublic(row)] : [];
  });
  const first = page.places[0];
  const last = page.places.at(-1);
  return {
    reviews,
    total,
    newer: page.newer && first ? ({ after: encodeCursor(first) } satisfies ReviewPosition) : null,
    older: page.older && last ? ({ before: encodeCursor(last) } satisfies ReviewPosition) : null,
  };
}
