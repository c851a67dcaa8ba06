import { randomUUID } from "node:crypto";
import { type CompiledQuery, type ExpressionBuilder, type Selectable, sql } from "kysely";
import {
  type Database,
  type ReviewDeclineReason,
  reviewDeclineReasons,
  type TestimonialTable,
} from "../../../db/schema";
import { recordAudit } from "~/lib/audit.server";
import type { Staff } from "~/lib/staff";
import { dropDeliveries, queueDeliveries } from "~/lib/outbox/queue.server";
import { nudgeDeliveryWorker } from "~/lib/outbox/delivery.server";
import { db, type Executor, inTransaction } from "~/lib/db.server";
import { containing } from "~/lib/search";
import type { SpamReason } from "~/lib/forms";
import { markColumn, readMark } from "~/lib/spam-mark";
import { moveToSpam } from "~/lib/spam.server";
import { countWaitingAndMarked } from "~/lib/spam-mark.server";
import { parseJson } from "~/lib/json";
import type { FilterValue, ReviewPosition } from "./fields";
import type { TestimonialInput } from "./schema";
import type { AdminTestimonial, PublicTestimonial, ReviewLedger, ReviewState } from "./types";

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

export function toPublic(row: Pick<Selectable<TestimonialTable>, (typeof publicColumns)[number]>): PublicTestimonial {
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
export async function listRecentPublishedTestimonials(limit: number): Promise<PublicTestimonial[]> {
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

/** review_tallies is kept by the database itself, so it is not in the schema that copies and exports walk. */
interface ReviewTallyTable {
  approved: number;
  /** '' when the review has no reason (pending or published). */
  decline_reason: string;
  rating: number;
  verified: number;
  n: number;
}
const tallies = () => db().withTables<{ review_tallies: ReviewTallyTable }>();

/** How many reviews are published, from the tallies: a few rows, whatever the number of reviews. */
async function countPublished(): Promise<number> {
  const row = await tallies()
    .selectFrom("review_tallies")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("n"), eb.lit(0)).as("n"))
    .where("approved", "=", 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
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
export async function listPublishedTestimonials(filter: FilterValue, position: ReviewPosition = { from: "newest" }) {
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
  const testimonials = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toPublic(row)] : [];
  });
  const first = page.places[0];
  const last = page.places.at(-1);
  return {
    testimonials,
    total,
    newer: page.newer && first ? ({ after: encodeCursor(first) } satisfies ReviewPosition) : null,
    older: page.older && last ? ({ before: encodeCursor(last) } satisfies ReviewPosition) : null,
  };
}

/**
 * The public ledger: how many reviews were received and what became of each, and how the
 * published ones rate the cushion. Every count comes from review_tallies, which the database
 * keeps in step with the rows (migration 0011), and from the removals; the average and the
 * distribution are over every published review and never filtered, by rating or anything else
 * (FTC 16 CFR 465.7).
 */
export async function getReviewLedger(): Promise<ReviewLedger> {
  const [groups, removals] = await Promise.all([
    tallies()
      .selectFrom("review_tallies")
      .select(["approved", "decline_reason", "rating", "verified", "n"])
      .where("n", ">", 0)
      .execute(),
    db()
      .selectFrom("review_removals")
      .select(["reason", (eb) => eb.fn.countAll<number>().as("n")])
      .groupBy("reason")
      .execute(),
  ]);
  const byRating = new Map<number, number>();
  const byReason = new Map<ReviewDeclineReason | null, number>();
  let published = 0;
  let verified = 0;
  let pending = 0;
  let ratingTotal = 0;
  for (const group of groups) {
    const n = Number(group.n);
    if (Number(group.approved) === 1) {
      const rating = Number(group.rating);
      published += n;
      ratingTotal += rating * n;
      if (Number(group.verified) === 1) verified += n;
      byRating.set(rating, (byRating.get(rating) ?? 0) + n);
    } else if (group.decline_reason) {
      const reason = group.decline_reason as ReviewDeclineReason;
      byReason.set(reason, (byReason.get(reason) ?? 0) + n);
    } else pending += n;
  }
  for (const removal of removals) byReason.set(removal.reason, (byReason.get(removal.reason) ?? 0) + Number(removal.n));
  const reasons = [...reviewDeclineReasons, null]
    .map((reason) => ({ reason, count: byReason.get(reason) ?? 0 }))
    .filter((r) => r.count > 0);
  const notPublished = reasons.reduce((sum, r) => sum + r.count, 0);
  return {
    average: published === 0 ? 0 : Math.round((ratingTotal / published) * 10) / 10,
    published,
    verified,
    distribution: Array.from({ length: 10 }, (_, i) => 10 - i).map((rating) => ({
      rating,
      count: byRating.get(rating) ?? 0,
    })),
    received: published + pending + notPublished,
    pending,
    notPublished,
    reasons,
  };
}

/** A new review waits for moderation; staff are told through the outbox, in the same transaction. */
export async function createTestimonial(
  input: TestimonialInput,
  now = new Date(),
  within?: Executor,
  signals: readonly SpamReason[] = [],
): Promise<string> {
  const id = randomUUID();
  await inTransaction(within, async (trx) => {
    await trx
      .insertInto("testimonials")
      .values({
        id,
        name: input.name,
        email: input.email,
        rating: input.rating,
        quote: input.quote,
        context: input.context,
        tags: JSON.stringify(input.tags),
        written_by: input.writtenBy,
        approved: 0,
        verified: 0,
        created_at: now.toISOString(),
        approved_at: null,
        spam_signals: markColumn(signals),
      })
      .execute();
    await queueDeliveries(trx, "review", id, now);
  });
  if (!within) nudgeDeliveryWorker();
  return id;
}

/** A review's state in SQL, as `stateOf` reads it in code (the schema's comment on TestimonialTable). */
const stateSql = sql<ReviewState>`case when approved = 1 then 'published' when decline_reason is null then 'pending' else 'declined' end`;

/** A review's state, from the two columns that hold it (the schema's comment on TestimonialTable). */
export function stateOf(row: Pick<Selectable<TestimonialTable>, "approved" | "decline_reason">): ReviewState {
  return Number(row.approved) === 1 ? "published" : row.decline_reason ? "declined" : "pending";
}

function inState(state: ReviewState) {
  return (eb: ExpressionBuilder<Database, "testimonials">) =>
    state === "published"
      ? eb("approved", "=", 1)
      : eb.and([eb("approved", "=", 0), eb("decline_reason", state === "declined" ? "is not" : "is", null)]);
}

/** Everything, pending first, then published, then not published; optionally one state, searched by name, text or email address. */
export async function listAllTestimonials(
  search?: string,
  limit = 200,
  state?: ReviewState,
  markedOnly = false,
): Promise<AdminTestimonial[]> {
  let query = db().selectFrom("testimonials").selectAll();
  const term = search?.trim();
  if (term) {
    const like = containing(term.toLowerCase());
    query = query.where((eb) =>
      eb.or(["name", "quote", "email"].map((column) => eb(sql`lower(${sql.ref(column)})`, "like", like))),
    );
  }
  if (state) query = query.where(inState(state));
  if (markedOnly) query = query.where("spam_signals", "is not", null);
  const rows = await query
    .orderBy(sql`case ${stateSql} when 'pending' then 0 when 'published' then 1 else 2 end`)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    ...toPublic(row),
    email: row.email,
    approved: Number(row.approved) === 1,
    approvedAt: row.approved_at,
    state: stateOf(row),
    declineReason: row.decline_reason,
    declineNote: row.decline_note,
    declinedAt: row.declined_at,
    replyBy: row.reply_by,
    spamMark: readMark(row.spam_signals),
  }));
}

/**
 * Reviews awaiting moderation, and those of them marked as possible spam: the admin tabs show both,
 * and the filter the second. One light count, where `countByState` groups every review.
 */
export async function countAwaitingModeration(): Promise<{ pending: number; marked: number }> {
  const { waiting, marked } = await countWaitingAndMarked("testimonials", inState("pending"));
  return { pending: waiting, marked };
}

/**
 * "Move to Spam", for a review awaiting moderation only: a published or declined one has been
 * counted on the public ledger, and leaves it through a decision with a reason. The review goes
 * to the spam store as the form sent it (no removal is counted: to the ledger it was never a
 * review), and "Not spam" brings it back to moderation.
 */
export function moveReviewToSpam(staff: Staff, id: string): Promise<boolean> {
  return moveToSpam(staff, "review", "testimonial", id, async (trx) => {
    const review = await trx
      .deleteFrom("testimonials")
      .where("id", "=", id)
      .where(inState("pending"))
      .returningAll()
      .executeTakeFirst();
    if (!review) return undefined;
    await dropDeliveries(trx, ["review"], [id]);
    const payload: Record<string, unknown> = {
      name: review.name,
      email: review.email,
      rating: review.rating,
      quote: review.quote,
      context: review.context,
      tags: parseJson<unknown>(review.tags, []),
      writtenBy: review.written_by,
    };
    return { payload, receivedAt: review.created_at, signals: readMark(review.spam_signals) };
  });
}

export async function countByState(): Promise<Record<ReviewState, number>> {
  const rows = await db()
    .selectFrom("testimonials")
    .select((eb) => [eb.fn.countAll<number>().as("n"), stateSql.as("state")])
    .groupBy(stateSql)
    .execute();
  const count = (state: ReviewState) => Number(rows.find((r) => r.state === state)?.n ?? 0);
  return { pending: count("pending"), published: count("published"), declined: count("declined") };
}

/**
 * One decision on one review, with its line in the audit log, in one transaction. The audit line
 * names the decision and what it replaced ("was declined: duplicate"), so a changed mind shows.
 */
async function decide(
  staff: Staff,
  id: string,
  within: Executor | undefined,
  decision: (row: Selectable<TestimonialTable>, trx: Executor) => Promise<{ action: string; detail?: string } | null>,
): Promise<boolean> {
  return inTransaction(within, async (trx) => {
    const row = await trx.selectFrom("testimonials").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) return false;
    const audit = await decision(row, trx);
    if (audit) await recordAudit(staff, audit.action, "testimonial", id, audit.detail, trx);
    return true;
  });
}

function was(row: Selectable<TestimonialTable>) {
  const state = stateOf(row);
  return state === "declined" ? `was not published: ${row.decline_reason}` : `was ${state}`;
}

/** Publish: a pending review, or one declined before (staff changed the decision). */
export function publishReview(staff: Staff, id: string, within?: Executor): Promise<boolean> {
  return decide(staff, id, within, async (row, trx) => {
    if (Number(row.approved) === 1) return null;
    await trx
      .updateTable("testimonials")
      .set({
        approved: 1,
        approved_at: new Date().toISOString(),
        decline_reason: null,
        decline_note: null,
        declined_at: null,
      })
      .where("id", "=", id)
      .execute();
    return { action: "approve", detail: was(row) };
  });
}

/** Not published, with a reason from the fixed list: declined when pending, unpublished when live, or a changed reason. */
export function declineReview(
  staff: Staff,
  id: string,
  reason: ReviewDeclineReason,
  note: string | null,
  within?: Executor,
): Promise<boolean> {
  return decide(staff, id, within, async (row, trx) => {
    await trx
      .updateTable("testimonials")
      .set({
        approved: 0,
        approved_at: null,
        decline_reason: reason,
        decline_note: note,
        declined_at: new Date().toISOString(),
      })
      .where("id", "=", id)
      .execute();
    const state = stateOf(row);
    const action = state === "published" ? "unpublish" : state === "declined" ? "change-reason" : "decline";
    return { action, detail: `reason: ${reason}${state === "declined" ? `; ${was(row)}` : ""}` };
  });
}

/** Staff confirmed the reviewer is a customer (for example from the order records). */
export function setVerified(staff: Staff, id: string, verified: boolean, within?: Executor): Promise<boolean> {
  return decide(staff, id, within, async (_row, trx) => {
    await trx
      .updateTable("testimonials")
      .set({ verified: verified ? 1 : 0 })
      .where("id", "=", id)
      .execute();
    return { action: verified ? "mark-verified" : "unmark-verified" };
  });
}

/** The company's one public reply: posted, or replaced by an edit. */
export function setReply(staff: Staff, id: string, reply: string, within?: Executor): Promise<boolean> {
  return decide(staff, id, within, async (row, trx) => {
    if (row.reply === reply) return null;
    await trx
      .updateTable("testimonials")
      .set({ reply, reply_at: new Date().toISOString(), reply_by: staff.username })
      .where("id", "=", id)
      .execute();
    return { action: row.reply ? "reply-edited" : "reply-posted" };
  });
}

export function removeReply(staff: Staff, id: string): Promise<boolean> {
  return decide(staff, id, undefined, async (row, trx) => {
    if (!row.reply) return null;
    await trx
      .updateTable("testimonials")
      .set({ reply: null, reply_at: null, reply_by: null })
      .where("id", "=", id)
      .execute();
    return { action: "reply-removed" };
  });
}

/**
 * Deleted for good: its words, its writer and its deliveries go; a removal row (dates and reason,
 * nothing personal) stays so the ledger still counts it as received and not published.
 */
export function deleteTestimonial(
  staff: Staff,
  id: string,
  reason: ReviewDeclineReason | null = null,
): Promise<boolean> {
  return decide(staff, id, undefined, async (row, trx) => {
    await trx
      .insertInto("review_removals")
      .values({ id, reason, received_at: row.created_at, removed_at: new Date().toISOString() })
      .execute();
    await dropDeliveries(trx, ["review"], [id]);
    await trx.deleteFrom("testimonials").where("id", "=", id).execute();
    return { action: "delete", detail: `reason: ${reason ?? "none given"}; ${was(row)}` };
  });
}

export async function listAudit(limit = 25) {
  return db().selectFrom("audit_log").selectAll().orderBy("at", "desc").limit(limit).execute();
}
