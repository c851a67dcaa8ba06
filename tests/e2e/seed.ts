import { randomUUID } from "node:crypto";
import path from "node:path";
import Database from "better-sqlite3";

/** The e2e server's own database (see playwright.config.ts), opened directly to set up a test. */
export function e2eDatabase(file: "e2e.sqlite" | "order-site.sqlite" = "e2e.sqlite") {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set: run the browser tests through Playwright.");
  const db = new Database(path.join(dir, file));
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
export function seedReviews(reviews: SeedReview[], file: "e2e.sqlite" | "order-site.sqlite" = "e2e.sqlite"): string[] {
  const db = e2eDatabase(file);
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

/**
 * A staff session for the built-in admin account, written straight into the database (the e2e
 * server's unless another is given; it is closed afterwards), so tests of staff pages do not
 * spend the sign-in rate limit (the sign-in itself has its own tests).
 */
export async function signInAsAdmin(context: import("@playwright/test").BrowserContext, baseURL: string, db = e2eDatabase()) {
  const { createHash, randomBytes } = await import("node:crypto");
  const token = randomBytes(32).toString("base64url");
  const account = db.prepare("select id from accounts where username = 'admin'").get() as { id: string };
  const now = Date.now();
  db.prepare(
    "insert into sessions (id_hash, account_id, created_at, last_seen_at, expires_at, revoked_at) values (?, ?, ?, ?, ?, null)",
  ).run(createHash("sha256").update(token).digest("hex"), account.id, new Date(now).toISOString(), new Date(now).toISOString(), new Date(now + 3_600_000).toISOString());
  db.close();
  await context.addCookies([{ name: "aquila_session", value: token, url: baseURL, httpOnly: true, sameSite: "Strict" }]);
}

export function seedMessage(fields: { name: string; email: string; topic?: string; message?: string }) {
  const id = randomUUID();
  const at = new Date().toISOString();
  const db = e2eDatabase();
  db.prepare(
    `insert into contact_messages (id, name, email, phone, topic, message, consent, consent_at, received_at, status, handled_at)
     values (?, ?, ?, null, ?, ?, 1, ?, ?, 'new', null)`,
  ).run(id, fields.name, fields.email, fields.topic ?? "general", fields.message ?? "Hello, I have a question about sizes.", at, at);
  db.prepare(
    `insert into outbox (id, kind, ref_id, channel, status, attempts, next_attempt_at, locked_until, last_error, created_at, sent_at)
     values (?, 'contact', ?, 'none', 'stored_only', 0, ?, null, null, ?, null)`,
  ).run(randomUUID(), id, at, at);
  db.close();
  return id;
}
