import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { testDialects } from "#db/test-databases";
import { useTestDatabase } from "~/lib/test-database";
import { setLogLevel } from "~/lib/logger.server";
import type { Staff } from "~/lib/staff";
import { deleteReview, publishReview } from "./store.server";
import { getReviewLedger } from "./ledger.server";
import { listAllReviews } from "./moderation-store.server";
import { listPublishedReviews } from "./list.server";
import { ratingSummary } from "./types";
import { submitReview } from "./submit.server";

setLogLevel("silent");

const review = (extra: Record<string, unknown> = {}) => ({
  name: "Fay",
  email: "fay@example.com",
  rating: "9",
  quote: "It keeps me comfortable through a full workday.",
  context: "Wheelchair user, Texas",
  tags: ["long-sessions", "travel"],
  website: "",
  startedAt: String(Date.now() - 10_000),
  ...extra,
});

describe.each(testDialects)("reviews on %s", (dialect) => {
  const staff: Staff = { accountId: randomUUID(), username: "moderator" };
  let ip = 0;
  const nextIp = () => `203.0.113.${++ip}`;
  const database = useTestDatabase(dialect);
  beforeEach(async () => {
    await database().db.deleteFrom("outbox").execute();
    await database().db.deleteFrom("testimonials").execute();
    await database().db.deleteFrom("review_removals").execute();
  });

  it("goes from submitted (pending, staff told) to public when published, and away when deleted", async () => {
    expect(await submitReview(review(), nextIp())).toMatchObject({ ok: true, held: false });
    const [pending] = await listAllReviews();
    expect(pending).toMatchObject({
      approved: false,
      rating: 9,
      tags: ["long-sessions", "travel"],
      email: "fay@example.com",
    });
    expect((await listPublishedReviews("all")).total).toBe(0);
    const notices = await database().db.selectFrom("outbox").selectAll().where("kind", "=", "review").execute();
    expect(notices).toHaveLength(1);

    expect(await publishReview(staff, pending?.id ?? "")).toBe(true);
    const published = await listPublishedReviews("all");
    expect(published.reviews.map((t) => t.name)).toEqual(["Fay"]);
    expect(published.reviews[0]).not.toHaveProperty("email");
    // Older tags count towards the new filters: long-sessions → Comfort, travel → Travel.
    expect((await listPublishedReviews("comfort")).total).toBe(1);
    expect((await listPublishedReviews("travel")).total).toBe(1);
    expect((await listPublishedReviews("ease-of-use")).total).toBe(0);

    expect(await deleteReview(staff, pending?.id ?? "")).toBe(true);
    expect((await listPublishedReviews("all")).total).toBe(0);
    const audit = await database()
      .db.selectFrom("audit_log")
      .select(["action", "username"])
      .where("target_id", "=", pending?.id ?? "")
      .orderBy("at")
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["publish", "delete"]);
  });

  it("stores hostile text byte for byte", async () => {
    const quote = `<img src=x onerror="alert(1)"> '); DROP TABLE testimonials; -- \u202e ${"😀".repeat(3)}`;
    expect(await submitReview(review({ quote, name: "<b>Mallory</b>" }), nextIp())).toMatchObject({ ok: true });
    const [stored] = await listAllReviews();
    expect(stored?.quote).toBe(quote.trim());
    expect(stored?.name).toBe("<b>Mallory</b>");
  });

  it("keeps a filled honeypot (either name) as spam, never in moderation, and answers success", async () => {
    await database().db.deleteFrom("spam").execute();
    expect(await submitReview(review({ website: "spam" }), nextIp())).toMatchObject({ ok: true, held: true });
    expect(await submitReview(review({ honeypot: "spam" }), nextIp())).toMatchObject({ ok: true, held: true });
    expect(await listAllReviews()).toEqual([]);
    expect(await database().db.selectFrom("outbox").selectAll().execute()).toEqual([]);
    expect(await database().db.selectFrom("spam").select("kind").execute()).toEqual([
      { kind: "review" },
      { kind: "review" },
    ]);
  });

  it("takes a requirements.md §5.2 payload (no start time) and a one-second fill as a person's review", async () => {
    const spec = {
      name: "Pat",
      email: "pat@example.com",
      rating: 9,
      quote: "Comfortable all day.",
      context: "Manual chair user",
      tags: ["comfort"],
      honeypot: "",
    };
    expect(await submitReview(spec, nextIp())).toMatchObject({ ok: true, held: false });
    expect(await submitReview(review({ startedAt: String(Date.now() - 900) }), nextIp())).toMatchObject({
      ok: true,
      held: false,
    });
    expect((await listAllReviews()).map((t) => t.name).sort()).toEqual(["Fay", "Pat"]);
  });

  it("refuses invalid input with field errors and stores nothing", async () => {
    const missing = await submitReview(review({ name: "", quote: " " }), nextIp());
    expect(missing).toMatchObject({ ok: false, status: 400, problem: "missing" });
    const invalid = await submitReview(review({ rating: "11", tags: ["free-money"] }), nextIp());
    expect(invalid).toMatchObject({ ok: false, status: 400, problem: "invalid" });
    expect(invalid.ok === false && Object.keys(invalid.errors).sort()).toEqual(["rating", "tags"]);
    expect(await listAllReviews()).toEqual([]);
  });

  it("computes the summary over every published review, and it equals a recomputation", async () => {
    expect(ratingSummary(await getReviewLedger())).toEqual({ count: 0, average: 0 });
    const ratings = [10, 9, 7, 3, 1, 8, 8];
    for (const [i, rating] of ratings.entries()) {
      await submitReview(review({ rating: String(rating), email: `r${i}@example.com` }), nextIp());
    }
    const all = await listAllReviews();
    for (const t of all.slice(0, 6)) await publishReview(staff, t.id);
    const published = (await listAllReviews()).filter((t) => t.approved).map((t) => t.rating);
    const expected = Math.round((published.reduce((a, b) => a + b, 0) / published.length) * 10) / 10;
    expect(ratingSummary(await getReviewLedger())).toEqual({ count: 6, average: expected });
  });

  it("finds reviews by name or text, case-insensitively, treating % and _ literally", async () => {
    await submitReview(review({ name: "Gus", quote: "Great for 100% of my day" }), nextIp());
    await submitReview(review({ name: "Hal", quote: "Fine." }), nextIp());
    expect((await listAllReviews("gus")).map((t) => t.name)).toEqual(["Gus"]);
    expect((await listAllReviews("100%")).map((t) => t.name)).toEqual(["Gus"]);
    expect((await listAllReviews("%")).map((t) => t.name)).toEqual(["Gus"]);
  });
});
