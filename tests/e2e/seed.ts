import { randomUUID } from "node:crypto";
import path from "node:path";
import Database from "better-sqlite3";

/** The e2e server's own database (see playwright.config.ts), opened directly to set up a test. */
export function e2eDatabase() {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set: run the browser tests through Playwright.");
  const db = new Database(path.join(dir, "e2e.sqlite"));
  db.pragma("busy_timeout = 5000");
  return db;
}

export interface SeedReview {
  name: string;
  quote: string;
  rating?: number;
  context?: string | null;
  tags?: string[];
  approved?: boolean;
  verified?: boolean;
  createdAt?: string;
}

/** Inserts reviews as if they had been submitted and moderated; returns their ids. */
export function seedReviews(reviews: SeedReview[]): string[] {
  const db = e2eDatabase();
  const insert = db.prepare(
    `insert into testimonials (id, name, email, rating, quote, context, tags, approved, verified, created_at, approved_at)
     values (@id, @name, @email, @rating, @quote, @context, @tags, @approved, @verified, @created_at, @approved_at)`,
  );
  const ids: string[] = [];
  db.transaction(() => {
    for (const review of reviews) {
      const id = randomUUID();
      const createdAt = review.createdAt ?? new Date().toISOString();
      insert.run({
        id,
        name: review.name,
        email: `${id}@example.com`,
        rating: review.rating ?? 9,
        quote: review.quote,
        context: review.context ?? null,
        tags: JSON.stringify(review.tags ?? []),
        approved: review.approved === false ? 0 : 1,
        verified: review.verified === false ? 0 : 1,
        created_at: createdAt,
        approved_at: review.approved === false ? null : createdAt,
      });
      ids.push(id);
    }
  })();
  db.close();
  return ids;
}
