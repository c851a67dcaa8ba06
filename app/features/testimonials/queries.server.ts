import type { Selectable } from "kysely";
import type { TestimonialTable } from "../../../db/schema";
import { db } from "~/lib/db.server";
import type { PublicTestimonial } from "./types";

export function toPublic(row: Pick<Selectable<TestimonialTable>, "id" | "name" | "rating" | "quote" | "context" | "tags" | "verified" | "created_at">): PublicTestimonial {
  return {
    id: row.id,
    name: row.name,
    rating: row.rating,
    quote: row.quote,
    context: row.context,
    tags: parseTags(row.tags),
    verified: row.verified === 1,
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

/** The newest published reviews, for the home page carousel. */
export async function listRecentPublishedTestimonials(limit: number): Promise<PublicTestimonial[]> {
  const rows = await db()
    .selectFrom("testimonials")
    .select(["id", "name", "rating", "quote", "context", "tags", "verified", "created_at"])
    .where("approved", "=", 1)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map(toPublic);
}
