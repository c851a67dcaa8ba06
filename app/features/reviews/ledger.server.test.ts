import { randomUUID } from "node:crypto";
import { type Kysely, Migrator, sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { type ReviewDeclineReason, reviewDeclineReasons, reviewWriters } from "#db/schema";
import { migrationProvider } from "#db/migrations";
import type { Database } from "#db/schema";
import { createTestDatabase, testDialects } from "#db/test-databases";
import { setLogLevel } from "~/lib/logger.server";
import type { Staff } from "~/lib/staff";
import { useTestDatabase } from "~/lib/test-database";
import type { Config } from "~/lib/config.server";
import { reviewDelivery } from "./delivery.server";
import { moderateReview } from "./moderation.server";
import { createReview, declineReview, deleteReview, publishReview, setVerified } from "./store.server";
import { getReviewLedger } from "./ledger.server";
import { listAllReviews } from "./moderation-store.server";
import { listPublishedReviews } from "./list.server";
import { ReviewSchema } from "./schema";

setLogLevel("silent");

const input = (i: number, rating: number, extra: Record<string, unknown> = {}) =>
  ReviewSchema.parse({
    name: `Writer ${i}`,
    email: `w${i}@example.com`,
    rating,
    quote: `Review ${i}`,
    tags: i % 2 ? ["travel"] : ["comfort"],
    ...extra,
  });

/** A small deterministic generator, so a failing mix can be run again. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe.each(testDialects)("the review ledger on %s", (dialect) => {
  const staff: Staff = { accountId: randomUUID(), username: "moderator" };
  const database = useTestDatabase(dialect);
  beforeEach(async () => {
    for (const table of ["outbox", "testimonials", "review_removals", "audit_log"] as const)
      await database().db.deleteFrom(table).execute();
  });

  it("is all zeros with no reviews", async () => {
    expect(await getReviewLedger()).toEqual({
      average: 0,
      published: 0,
      verified: 0,
      distribution: [10, 9, 8, 7, 6, 5, 4, 3, 2, 1].map((rating) => ({ rating, count: 0 })),
      received: 0,
      pending: 0,
      notPublished: 0,
      reasons: [],
    });
  });

  it.each([1, 2, 3])("matches the rows for a random mix of states (seed %i)", async (seed) => {
    const next = random(seed);
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
    const expected = {
      published: [] as number[],
      verified: 0,
      pending: 0,
      reasons: new Map<ReviewDeclineReason | null, number>(),
    };
    for (let i = 0; i < 120; i++) {
      const rating = 1 + Math.floor(next() * 10);
      const id = await createReview(input(i, rating));
      const fate = pick(["pending", "published", "declined", "unpublished", "deleted", "deleted-no-reason"] as const);
      const reason = pick(reviewDeclineReasons);
      const verified = next() < 0.4;
      if (verified) await setVerified(staff, id, true);
      if (fate === "pending") expected.pending++;
      if (fate === "published") {
        await publishReview(staff, id);
        expected.published.push(rating);
        if (verified) expected.verified++;
      }
      if (fate === "declined" || fate === "unpublished") {
        if (fate === "unpublished") await publishReview(staff, id);
        await declineReview(staff, id, reason, null);
      }
      if (fate === "deleted") await deleteReview(staff, id, reason);
      if (fate === "deleted-no-reason") await deleteReview(staff, id);
      if (fate !== "pending" && fate !== "published") {
        const key = fate === "deleted-no-reason" ? null : reason;
        expected.reasons.set(key, (expected.reasons.get(key) ?? 0) + 1);
      }
    }
    const ledger = await getReviewLedger();

    // Against what was done…
    const mean = expected.published.reduce((a, b) => a + b, 0) / expected.published.length;
    expect(ledger.average).toBe(Math.round(mean * 10) / 10);
    expect(ledger.published).toBe(expected.published.length);
    expect(ledger.verified).toBe(expected.verified);
    expect(ledger.pending).toBe(expected.pending);
    expect(ledger.received).toBe(120);
    expect(ledger.distribution).toEqual(
      [10, 9, 8, 7, 6, 5, 4, 3, 2, 1].map((rating) => ({
        rating,
        count: expected.published.filter((r) => r === rating).length,
      })),
    );
    expect(new Map(ledger.reasons.map((r) => [r.reason, r.count]))).toEqual(expected.reasons);
    expect(ledger.notPublished).toBe([...expected.reasons.values()].reduce((a, b) => a + b, 0));

    // …and against the rows themselves, read by plain SQL.
    const rows = await sql<{
      approved: number;
      decline_reason: string | null;
      rating: number;
    }>`select approved, decline_reason, rating from testimonials`.execute(database().db);
    const removed = await sql<{ n: number }>`select count(*) as n from review_removals`.execute(database().db);
    expect(ledger.received).toBe(rows.rows.length + Number(removed.rows[0]?.n));
    expect(ledger.published).toBe(rows.rows.filter((r) => Number(r.approved) === 1).length);
    expect(rows.rows.filter((r) => Number(r.approved) === 1 && r.decline_reason !== null)).toEqual([]);
    expect(ledger.published + ledger.pending + ledger.notPublished).toBe(ledger.received);
    // The page's list, whatever the filter, shows only published reviews and never moves the summary.
    expect((await listPublishedReviews("all")).total).toBe(ledger.published);
    const travel = (await listPublishedReviews("travel")).total;
    expect(travel).toBeLessThan(ledger.published);
    expect(await getReviewLedger()).toEqual(ledger);
  });

  /** review_tallies next to a grouped count of the rows, as the ledger used to read it. */
  async function talliesAndRows() {
    const db = database().db;
    const tallies = await sql<{
      k: string;
      n: number;
    }>`select approved || ':' || decline_reason || ':' || rating || ':' || verified as k, n from review_tallies where n > 0 order by k`.execute(
      db,
    );
    const rows = await sql<{
      k: string;
      n: number;
    }>`select approved || ':' || coalesce(decline_reason, '') || ':' || rating || ':' || verified as k, count(*) as n from testimonials group by 1 order by k`.execute(
      db,
    );
    const plain = (list: Array<{ k: string; n: number }>) => list.map((r) => [r.k, Number(r.n)]);
    return { tallies: plain(tallies.rows), rows: plain(rows.rows) };
  }

  it("keeps its tallies in step with writes that bypass the application (plain SQL, as another program would)", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push(await createReview(input(i, 1 + (i % 10))));
    const db = database().db;
    await sql`update testimonials set approved = 1 where id in (${sql.join(ids.slice(0, 6))})`.execute(db);
    await sql`update testimonials set rating = 3, verified = 1 where id = ${ids[0]}`.execute(db);
    await sql`update testimonials set approved = 0, decline_reason = 'spam' where id = ${ids[1]}`.execute(db);
    await sql`delete from testimonials where id in (${sql.join(ids.slice(6, 9))})`.execute(db);
    const { tallies, rows } = await talliesAndRows();
    expect(tallies).toEqual(rows);
    expect(rows.reduce((sum, [, n]) => sum + Number(n), 0)).toBe(9);
    const ledger = await getReviewLedger();
    expect(ledger.published).toBe(5);
    expect(ledger.pending).toBe(3);
  });

  it("counts, when migration 0011 runs, the reviews written before it", async () => {
    for (let i = 0; i < 7; i++) {
      const id = await createReview(input(i, 1 + (i % 10)));
      if (i % 2) await publishReview(staff, id);
    }
    const before = await getReviewLedger();
    const migration = (await migrationProvider.getMigrations())["0011_review_tallies"];
    await migration?.down?.(database().db as Kysely<unknown>);
    await createReview(input(99, 9));
    await migration?.up(database().db as Kysely<unknown>);
    const { tallies, rows } = await talliesAndRows();
    expect(tallies).toEqual(rows);
    expect((await getReviewLedger()).received).toBe(before.received + 1);
  });

  it("moves the counts when staff decline, unpublish, change a reason, publish after all and delete, and audits each", async () => {
    const ids = [await createReview(input(1, 10)), await createReview(input(2, 2))];
    const [high, low] = ids as [string, string];
    await publishReview(staff, high);
    await publishReview(staff, low);
    expect(await getReviewLedger()).toMatchObject({
      received: 2,
      published: 2,
      average: 6,
      pending: 0,
      notPublished: 0,
    });

    expect(
      await moderateReview(staff, { intent: "decline", id: low, reason: "duplicate", note: "Sent twice" }),
    ).toEqual({ ok: true, intent: "decline" });
    expect(await getReviewLedger()).toMatchObject({
      received: 2,
      published: 1,
      average: 10,
      notPublished: 1,
      reasons: [{ reason: "duplicate", count: 1 }],
    });
    const [declined] = await listAllReviews(undefined, 10, "declined");
    expect(declined).toMatchObject({
      id: low,
      state: "declined",
      declineReason: "duplicate",
      declineNote: "Sent twice",
      approved: false,
    });

    await moderateReview(staff, { intent: "decline", id: low, reason: "offensive" });
    expect((await getReviewLedger()).reasons).toEqual([{ reason: "offensive", count: 1 }]);

    await moderateReview(staff, { intent: "publish", id: low });
    expect(await getReviewLedger()).toMatchObject({ published: 2, notPublished: 0, reasons: [] });
    expect((await listAllReviews(undefined, 10, "published")).find((r) => r.id === low)).toMatchObject({
      declineReason: null,
      declineNote: null,
    });

    await moderateReview(staff, { intent: "delete", id: high, reason: "reviewer-request" });
    expect(await getReviewLedger()).toMatchObject({
      received: 2,
      published: 1,
      average: 2,
      notPublished: 1,
      reasons: [{ reason: "reviewer-request", count: 1 }],
    });
    // Nothing of the deleted review's words or writer is left.
    expect(await database().db.selectFrom("review_removals").selectAll().execute()).toEqual([
      expect.objectContaining({ id: high, reason: "reviewer-request" }),
    ]);
    expect(
      Object.keys(
        (await database().db.selectFrom("review_removals").selectAll().executeTakeFirstOrThrow()) ?? {},
      ).sort(),
    ).toEqual(["id", "reason", "received_at", "removed_at"]);

    // Several lines can share a millisecond, so the log is compared as a set.
    const audit = await database().db.selectFrom("audit_log").select(["action", "detail", "target_id"]).execute();
    expect(
      audit
        .filter((a) => a.target_id === low)
        .map((a) => `${a.action} | ${a.detail}`)
        .sort(),
    ).toEqual([
      "change-reason | reason: offensive; was not published: duplicate",
      "publish | was not published: offensive",
      "publish | was pending",
      "unpublish | reason: duplicate",
    ]);
    expect(
      audit
        .filter((a) => a.target_id === high)
        .map((a) => `${a.action} | ${a.detail}`)
        .sort(),
    ).toEqual(["delete | reason: reviewer-request; was published", "publish | was pending"]);
  });

  it("keeps the recorded reason when a review not published is deleted without one, as the JSON API deletes", async () => {
    const id = await createReview(input(1, 7));
    await moderateReview(staff, { intent: "decline", id, reason: "duplicate", note: "Sent twice" });
    expect(await moderateReview(staff, { intent: "delete", id }, { reasonlessDelete: true })).toEqual({
      ok: true,
      intent: "delete",
    });
    expect((await getReviewLedger()).reasons).toEqual([{ reason: "duplicate", count: 1 }]);
    // A pending review deleted without a reason still counts as deleted without one.
    const pending = await createReview(input(2, 9));
    await moderateReview(staff, { intent: "delete", id: pending }, { reasonlessDelete: true });
    expect((await getReviewLedger()).reasons).toEqual(
      expect.arrayContaining([
        { reason: "duplicate", count: 1 },
        { reason: null, count: 1 },
      ]),
    );
  });

  it("refuses a decision without a reason, or with one not on the list, and changes nothing", async () => {
    const id = await createReview(input(1, 8));
    expect(await moderateReview(staff, { intent: "decline", id })).toMatchObject({
      ok: false,
      status: 400,
      errors: { reason: "Choose a reason from the list" },
    });
    expect(await moderateReview(staff, { intent: "decline", id, reason: "low-rating" })).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(await moderateReview(staff, { intent: "hide", id })).toMatchObject({
      ok: false,
      status: 400,
      error: "Unknown action",
    });
    expect(await moderateReview(staff, { intent: "decline", id: "nope", reason: "spam" })).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await getReviewLedger()).toMatchObject({ received: 1, pending: 1, notPublished: 0 });
    expect(await database().db.selectFrom("audit_log").selectAll().execute()).toEqual([]);
  });

  it("deletes without a reason only for the JSON DELETE of requirements.md §5.3, and counts that apart", async () => {
    const id = await createReview(input(1, 5));
    expect(await moderateReview(staff, { intent: "delete", id })).toMatchObject({
      ok: false,
      status: 400,
      errors: { reason: "Choose a reason from the list" },
    });
    expect(await moderateReview(staff, { intent: "delete", id, reason: "" })).toMatchObject({
      ok: false,
      status: 400,
      errors: { reason: "Choose a reason from the list" },
    });
    expect(await moderateReview(staff, { intent: "delete", id, reason: "nope" })).toMatchObject({
      ok: false,
      status: 400,
      errors: { reason: "Choose a reason from the list" },
    });
    expect(await getReviewLedger()).toMatchObject({ received: 1, pending: 1 });
    expect(await moderateReview(staff, { intent: "delete", id }, { reasonlessDelete: true })).toEqual({
      ok: true,
      intent: "delete",
    });
    expect(await getReviewLedger()).toMatchObject({
      received: 1,
      pending: 0,
      notPublished: 1,
      reasons: [{ reason: null, count: 1 }],
    });
  });

  it("keeps one public reply per review, shown with the review, and audits posting, editing and removing it", async () => {
    const id = await createReview(input(1, 7));
    await publishReview(staff, id);
    expect(await moderateReview(staff, { intent: "reply", id, reply: "  " })).toMatchObject({
      ok: false,
      status: 400,
      errors: { reply: "Write the reply" },
    });
    expect(
      await moderateReview(staff, { intent: "reply", id, reply: "Thank you. We have sent a new pump." }),
    ).toMatchObject({ ok: true });
    expect((await listPublishedReviews("all")).reviews[0]?.reply).toMatchObject({
      text: "Thank you. We have sent a new pump.",
    });
    await moderateReview(staff, { intent: "reply", id, reply: "Thank you. A new pump is on its way." });
    expect((await listPublishedReviews("all")).reviews[0]?.reply?.text).toBe("Thank you. A new pump is on its way.");
    // The review's own words never change.
    expect((await listPublishedReviews("all")).reviews[0]?.quote).toBe("Review 1");
    await moderateReview(staff, { intent: "remove-reply", id });
    expect((await listPublishedReviews("all")).reviews[0]?.reply).toBeNull();
    const actions = await database().db.selectFrom("audit_log").select("action").where("target_id", "=", id).execute();
    expect(actions.map((a) => a.action).sort()).toEqual(["publish", "reply-edited", "reply-posted", "reply-removed"]);
  });

  it("stores who wrote a review, the user when the client does not say (requirements.md §5.2)", async () => {
    const helped = await createReview(input(1, 9, { writtenBy: "caregiver" }));
    const plain = await createReview(input(2, 9));
    await publishReview(staff, helped);
    await publishReview(staff, plain);
    const shown = (await listPublishedReviews("all")).reviews;
    expect(Object.fromEntries(shown.map((t) => [t.id, t.writtenBy]))).toEqual({
      [helped]: "caregiver",
      [plain]: "self",
    });
    expect(ReviewSchema.safeParse({ ...input(3, 9), writtenBy: "robot" }).success).toBe(false);
  });

  it("tells staff in the new-review notice who wrote it and what to check, before they open it", async () => {
    const config = { siteUrl: "https://aquila.example" } as Config;
    const flagged = await reviewDelivery.notice(
      await createReview(input(1, 9, { quote: "It healed my pressure sore.", writtenBy: "caregiver" })),
      config,
    );
    expect(flagged?.subject).toMatch(/\(check before publishing\)$/);
    expect(flagged?.text).toContain(
      "Written by a caregiver on behalf of the user\nCheck before publishing: Medical claim\n",
    );
    expect(flagged?.json).toMatchObject({ writtenBy: "caregiver", checks: ["Medical claim"] });
    const plain = await reviewDelivery.notice(await createReview(input(2, 9)), config);
    expect(plain?.subject).not.toContain("check");
    expect(plain?.text).not.toContain("Check before publishing");
  });

  it("has database constraints that agree with the lists in code", async () => {
    const db = database().db;
    const id = await createReview(input(1, 9));
    for (const reason of reviewDeclineReasons)
      await db.updateTable("testimonials").set({ decline_reason: reason }).where("id", "=", id).execute();
    for (const writer of reviewWriters)
      await db.updateTable("testimonials").set({ written_by: writer }).where("id", "=", id).execute();
    for (const reason of [...reviewDeclineReasons, null]) {
      await db
        .insertInto("review_removals")
        .values({
          id: `removal-${reason}`,
          reason,
          received_at: "2026-01-01T00:00:00.000Z",
          removed_at: "2026-01-02T00:00:00.000Z",
        })
        .execute();
    }
    await expect(
      sql`update testimonials set decline_reason = 'low-rating' where id = ${id}`.execute(db),
    ).rejects.toThrow();
    await expect(
      sql`update testimonials set written_by = 'ghostwriter' where id = ${id}`.execute(db),
    ).rejects.toThrow();
    await expect(
      sql`insert into review_removals (id, reason, received_at, removed_at) values ('x', 'low-rating', 'a', 'b')`.execute(
        db,
      ),
    ).rejects.toThrow();
  });
});

describe.each(testDialects)("migration 0008 on %s", (dialect) => {
  const migrator = (db: Kysely<Database>) => new Migrator({ db, provider: migrationProvider });
  const review = {
    id: "t-1",
    name: "Ann",
    email: "ann@example.com",
    rating: 9,
    quote: "Kept.",
    context: null,
    tags: "[]",
    approved: 1,
    verified: 0,
    created_at: "2026-01-01T00:00:00.000Z",
    approved_at: null,
  };

  it("keeps the reviews written before it, down to 0007 and up again, and runs again after committing unrecorded", async () => {
    const database = await createTestDatabase(dialect);
    try {
      const db = database.db;
      expect((await migrator(db).migrateTo("0007_order_requests")).error).toBeUndefined();
      await sql`insert into testimonials (id, name, email, rating, quote, context, tags, approved, verified, created_at, approved_at)
        values (${review.id}, ${review.name}, ${review.email}, ${review.rating}, ${review.quote}, ${review.context}, ${review.tags}, ${review.approved}, ${review.verified}, ${review.created_at}, ${review.approved_at})`.execute(
        db,
      );
      // What a process killed between committing and recording leaves behind, then the real run.
      await (await migrationProvider.getMigrations())["0008_review_ledger"]?.up(db as Kysely<unknown>);
      expect((await migrator(db).migrateToLatest()).error).toBeUndefined();
      expect(await db.selectFrom("testimonials").selectAll().execute()).toEqual([
        {
          ...review,
          written_by: "self",
          decline_reason: null,
          decline_note: null,
          declined_at: null,
          reply: null,
          reply_at: null,
          reply_by: null,
          spam_signals: null,
          heard_from: null,
        },
      ]);
      expect((await migrator(db).migrateTo("0007_order_requests")).error).toBeUndefined();
      expect(await db.selectFrom("testimonials").selectAll().execute()).toEqual([review]);
      expect((await migrator(db).migrateToLatest()).error).toBeUndefined();
      expect(await publishedCount(db)).toBe(1);
    } finally {
      await database.drop();
    }
  });
});

async function publishedCount(db: Kysely<Database>) {
  const row = await db
    .selectFrom("testimonials")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("approved", "=", 1)
    .where("decline_reason", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe.each(testDialects)("migration 0011 down on %s", (dialect) => {
  it("removes its triggers and functions, those of its first shipped version included", async () => {
    const database = await createTestDatabase(dialect);
    try {
      const db = database.db;
      const migrator = new Migrator({ db, provider: migrationProvider });
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      // The first version to ship named its PostgreSQL functions review_tally and review_tally_reset.
      if (dialect === "postgres") {
        for (const name of ["review_tally", "review_tally_reset"]) {
          await sql`create or replace function ${sql.raw(name)}() returns trigger language plpgsql as $$ begin return null; end $$`.execute(
            db,
          );
        }
      }
      expect((await migrator.migrateTo("0010_public_change_signal")).error).toBeUndefined();
      const left =
        dialect === "postgres"
          ? await sql<{ name: string }>`select proname as name from pg_proc where proname like '%tally%'
              union all select tgname as name from pg_trigger where tgname like '%tally%'`.execute(db)
          : await sql<{
              name: string;
            }>`select name from sqlite_master where name like '%tally%' or name like '%tallies%'`.execute(db);
      expect(left.rows).toEqual([]);
    } finally {
      await database.drop();
    }
  });
});
