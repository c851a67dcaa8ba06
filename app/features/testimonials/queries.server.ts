import { randomUUID } from "node:crypto";
import { type ExpressionBuilder, type Selectable, sql } from "kysely";
import type { Database, TestimonialTable } from "../../../db/schema";
import { recordAudit, type Staff } from "~/features/auth/auth.server";
import { dropDeliveries, queueDeliveries } from "~/lib/outbox/queue.server";
import { nudgeDeliveryWorker } from "~/lib/outbox/delivery.server";
import { db, type Executor, inTransaction } from "~/lib/db.server";
import { type FilterValue, filterTabs, type TestimonialInput } from "./schema";
import type { PublicTestimonial } from "./types";

const publicColumns = ["id", "name", "rating", "quote", "context", "tags", "verified", "created_at"] as const;

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

/** Reviews carrying any tag that counts towards the filter (tags are stored as a JSON array). */
function matchesFilter(filter: FilterValue) {
  const tags = filterTabs.find((t) => t.value === filter)?.tags ?? [];
  return (eb: ExpressionBuilder<Database, "testimonials">) => (tags.length === 0 ? eb.lit(true) : eb.or(tags.map((tag) => eb("tags", "like", `%"${tag}"%`))));
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

export const publicPageSize = 12;

export async function listPublishedTestimonials(filter: FilterValue, page: number) {
  const where = matchesFilter(filter);
  const [rows, total] = await Promise.all([
    db()
      .selectFrom("testimonials")
      .select(publicColumns)
      .where("approved", "=", 1)
      .where(where)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(publicPageSize)
      .offset((page - 1) * publicPageSize)
      .execute(),
    db()
      .selectFrom("testimonials")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("approved", "=", 1)
      .where(where)
      .executeTakeFirstOrThrow(),
  ]);
  return { testimonials: rows.map(toPublic), total: Number(total.n), pages: Math.max(1, Math.ceil(Number(total.n) / publicPageSize)) };
}

/**
 * Mean rating and count over every published review, computed by the database: never filtered
 * by rating, never hard-coded (FTC 16 CFR 465).
 */
export async function getRatingSummary(): Promise<{ average: number; count: number }> {
  const row = await db()
    .selectFrom("testimonials")
    .select((eb) => [eb.fn.countAll<number>().as("count"), eb.fn.avg<number>("rating").as("average")])
    .where("approved", "=", 1)
    .executeTakeFirstOrThrow();
  const count = Number(row.count);
  return { count, average: count === 0 ? 0 : Math.round(Number(row.average) * 10) / 10 };
}

/** A new review waits for moderation; staff are told through the outbox, in the same transaction. */
export async function createTestimonial(input: TestimonialInput, now = new Date(), within?: Executor): Promise<string> {
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
        approved: 0,
        verified: 0,
        created_at: now.toISOString(),
        approved_at: null,
      })
      .execute();
    await queueDeliveries(trx, "review", id, now);
  });
  if (!within) nudgeDeliveryWorker();
  return id;
}

export interface AdminTestimonial extends PublicTestimonial {
  email: string;
  approved: boolean;
  approvedAt: string | null;
}

/** Everything, pending first, for moderation; optionally searched by name or text. */
export async function listAllTestimonials(search?: string, limit = 200): Promise<AdminTestimonial[]> {
  let query = db().selectFrom("testimonials").selectAll();
  const term = search?.trim();
  if (term) {
    const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`).toLowerCase()}%`;
    query = query.where((eb) => eb.or([eb(sql`lower(name)`, "like", sql`${like} escape '\\'`), eb(sql`lower(quote)`, "like", sql`${like} escape '\\'`)]));
  }
  const rows = await query.orderBy("approved", "asc").orderBy("created_at", "desc").limit(limit).execute();
  return rows.map((row) => ({ ...toPublic(row), email: row.email, approved: Number(row.approved) === 1, approvedAt: row.approved_at }));
}

export async function countByState() {
  const rows = await db()
    .selectFrom("testimonials")
    .select(["approved", db().fn.countAll<number>().as("n")])
    .groupBy("approved")
    .execute();
  return {
    pending: Number(rows.find((r) => Number(r.approved) === 0)?.n ?? 0),
    published: Number(rows.find((r) => Number(r.approved) === 1)?.n ?? 0),
  };
}

export async function setApproved(staff: Staff, id: string, approved: boolean): Promise<boolean> {
  const result = await db()
    .updateTable("testimonials")
    .set({ approved: approved ? 1 : 0, approved_at: approved ? new Date().toISOString() : null })
    .where("id", "=", id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await recordAudit(staff, approved ? "approve" : "unpublish", "testimonial", id);
  return true;
}

/** Staff confirmed the reviewer is a customer (for example from the order records). */
export async function setVerified(staff: Staff, id: string, verified: boolean): Promise<boolean> {
  const result = await db()
    .updateTable("testimonials")
    .set({ verified: verified ? 1 : 0 })
    .where("id", "=", id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await recordAudit(staff, verified ? "mark-verified" : "unmark-verified", "testimonial", id);
  return true;
}

export async function deleteTestimonial(staff: Staff, id: string): Promise<boolean> {
  const deleted = await db()
    .transaction()
    .execute(async (trx) => {
      await dropDeliveries(trx, ["review"], [id]);
      const result = await trx.deleteFrom("testimonials").where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    });
  if (deleted) await recordAudit(staff, "delete", "testimonial", id);
  return deleted;
}

export async function listAudit(limit = 25) {
  return db().selectFrom("audit_log").selectAll().orderBy("at", "desc").limit(limit).execute();
}
