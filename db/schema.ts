import type { Generated } from "kysely";

/**
 * Table types shared by both dialects. Booleans are stored as 0/1 and times as ISO-8601 UTC text,
 * so SQLite and PostgreSQL return the same JavaScript values and sort the same way.
 */
export interface TestimonialTable {
  id: string;
  name: string;
  email: string;
  rating: number;
  quote: string;
  context: string | null;
  /** JSON array of tag values. */
  tags: string;
  approved: Generated<number>;
  verified: Generated<number>;
  created_at: string;
  approved_at: string | null;
}

export interface Database {
  testimonials: TestimonialTable;
}
