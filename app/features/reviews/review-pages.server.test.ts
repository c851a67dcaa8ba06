import { randomUUID } from "node:crypto";
import { CompiledQuery, type Kysely, sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { migrationProvider } from "#db/migrations";
import { testDialects } from "#db/test-databases";
import { setLogLevel } from "~/lib/logger.server";
import type { Staff } from "~/lib/staff";
import { useTestDatabase } from "~/lib/test-database";
import { type FilterValue, parsePosition, type ReviewPosition } from "./fields";
import { createReview, publishReview } from "./store.server";
import { decodeCursor, encodeCursor, listPublishedReviews, placesQuery, publicPageSize } from "./list.server";
import { ReviewSchema } from "./schema";

setLogLevel("silent");

const tagSets = [[], ["travel"], ["mobility", "comfort"], ["travel", "mobility"], ["daily-use"], ["comfort"]] as const;
const input = (i: number) =>
  ReviewSchema.parse({
    name: `Writer ${i}`,
    email: `w${i}@example.com`,
    rating: 1 + (i % 10),
    quote: `Review ${i}`,
    tags: tagSets[i % tagSets.length],
  });

describe.each(testDialects)("pages of published reviews on %s", (dialect) => {
  const staff: Staff = { accountId: randomUUID(), username: "moderator" };
  const database = useTestDatabase(dialect);
  beforeEach(async () => {
    for (const table of ["outbox", "testimonials", "audit_log"] as const)
      await database().db.deleteFrom(table).execute();
  });

  /** `count` reviews, three to a minute (so pages break between reviews sent at the same time), every fifth left pending. */
  async function seed(count: number, start = Date.UTC(2025, 0, 1)) {
    for (let i = 0; i < count; i++) {
      const id = await createReview(input(i), new Date(start + Math.floor(i / 3) * 60_000));
      if (i % 5 !== 0) await publishReview(staff, id);
    }
  }

  /** What a plain query over the rows says each tab shows, newest first. */
  async function expectedOrder() {
    const all = await sql<{
      id: string;
      tags: string;
    }>`select id, tags from testimonials where approved = 1 order by created_at desc, id desc`.execute(database().db);
    return {
      all: all.rows.map((r) => r.id),
      travel: all.rows.filter((r) => /"(travel|mobility)"/.test(r.tags)).map((r) => r.id),
    };
  }

  async function walk(filter: FilterValue, start: ReviewPosition, towards: "older" | "newer") {
    const pages: string[][] = [];
    let position: ReviewPosition | null = start;
    while (position && pages.length < 100) {
      const page = await listPublishedReviews(filter, position);
      expect(page.reviews.length).toBeLessThanOrEqual(publicPageSize);
      pages.push(page.reviews.map((t) => t.id));
      position = page[towards];
    }
    return pages;
  }

  it("walks every review and every tab from the newest page to the oldest and back, exactly as a plain query orders them", async () => {
    await seed(41);
    const db = database().db;
    // Changed behind the application's back: the tab rows follow the tags and the state.
    await sql`update testimonials set tags = '["mobility"]' where quote = 'Review 4'`.execute(db);
    await sql`update testimonials set approved = 0, decline_reason = 'spam' where quote = 'Review 7'`.execute(db);
    const expected = await expectedOrder();
    for (const filter of ["all", "travel"] as const) {
      const down = await walk(filter, { from: "newest" }, "older");
      expect(down.flat()).toEqual(expected[filter]);
      expect(down.slice(0, -1).every((page) => page.length === publicPageSize)).toBe(true);
      // From the oldest page up through `newer`: the same reviews, each page newest first.
      const up = await walk(filter, { from: "oldest" }, "newer");
      expect(up.reverse().flat()).toEqual(expected[filter]);
      expect((await listPublishedReviews(filter)).total).toBe(expected[filter].length);
    }
  });

  it("keeps showing the same reviews at a link when newer ones are published, and a page's `newer` leads back to the page before it", async () => {
    await seed(40);
    const first = await listPublishedReviews("all");
    expect(first.newer).toBeNull();
    const second = await listPublishedReviews("all", first.older!);
    const third = await listPublishedReviews("all", second.older!);
    for (let i = 100; i < 105; i++)
      await publishReview(staff, await createReview(input(i), new Date(Date.UTC(2026, 0, 1) + i)));

    const again = await listPublishedReviews("all", first.older!);
    expect(again.reviews.map((t) => t.id)).toEqual(second.reviews.map((t) => t.id));
    expect((await listPublishedReviews("all", second.older!)).reviews).toEqual(third.reviews);
    // Back from the third page: the twelve just newer than it, which is the second page.
    const back = await listPublishedReviews("all", third.newer!);
    expect(back.reviews.map((t) => t.id)).toEqual(second.reviews.map((t) => t.id));
    // The newest page has moved on to the new reviews.
    expect((await listPublishedReviews("all")).reviews.slice(0, 5).map((t) => t.quote)).toEqual([
      "Review 104",
      "Review 103",
      "Review 102",
      "Review 101",
      "Review 100",
    ]);
  });

  it("shows the few newer reviews left at the newest end, and the newest page for an address it cannot read or with nothing beyond it", async () => {
    await seed(40);
    const newest = await listPublishedReviews("all");
    const ids = newest.reviews.map((t) => t.id);
    // Newer than the fourth newest: the three newest, with nothing newer and the fourth older.
    const fourth = newest.reviews[3]!;
    const short = await listPublishedReviews("all", {
      after: encodeCursor({ createdAt: fourth.createdAt, id: fourth.id }),
    });
    expect(short.reviews.map((t) => t.id)).toEqual(ids.slice(0, 3));
    expect(short.newer).toBeNull();
    expect((await listPublishedReviews("all", short.older!)).reviews.map((t) => t.id)).toEqual(
      newest.reviews
        .slice(3)
        .map((t) => t.id)
        .concat((await listPublishedReviews("all", newest.older!)).reviews.slice(0, 3).map((t) => t.id)),
    );
    for (const cursor of [
      "",
      "not a cursor",
      "%%%",
      "bm8tc3BhY2U",
      "x".repeat(300),
      encodeCursor({ createdAt: "", id: "" }).slice(0, 2),
    ]) {
      for (const position of [
        parsePosition(new URLSearchParams({ before: cursor })),
        parsePosition(new URLSearchParams({ after: cursor })),
      ]) {
        expect((await listPublishedReviews("all", position)).reviews.map((t) => t.id)).toEqual(ids);
      }
    }
    // Past either end (nothing older than the oldest, nothing newer than the newest): the newest
    // page, with its way on, instead of an empty list.
    const oldest = (await listPublishedReviews("all", { from: "oldest" })).reviews.at(-1)!;
    const newestOne = newest.reviews[0]!;
    for (const position of [
      { before: encodeCursor({ createdAt: oldest.createdAt, id: oldest.id }) },
      { after: encodeCursor({ createdAt: newestOne.createdAt, id: newestOne.id }) },
    ]) {
      const page = await listPublishedReviews("all", position);
      expect(page.reviews.map((t) => t.id)).toEqual(ids);
      expect(page.newer).toBeNull();
      expect(page.older).toEqual(newest.older);
    }
    // An old numbered link is read as the newest page.
    expect(parsePosition(new URLSearchParams({ page: "3" }))).toEqual({ from: "newest" });
  });

  it("reads back the place a cursor names, whatever the id", () => {
    for (const place of [
      { createdAt: "2026-01-02T03:04:05.678Z", id: randomUUID() },
      { createdAt: "2026-01-02T03:04:05.678Z", id: "seed review 7 ✓" },
    ]) {
      const cursor = encodeCursor(place);
      expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(decodeCursor(cursor)).toEqual(place);
    }
  });

  /** Each tab's count as the tallies keep it, next to a count of the rows. */
  async function filterTalliesAndRows() {
    const db = database().db;
    const tallies = await sql<{
      k: string;
      n: number;
    }>`select filter || ':' || approved as k, n from review_filter_tallies where n > 0 order by k`.execute(db);
    const rows = await sql<{
      k: string;
      n: number;
    }>`select filter || ':' || approved as k, count(*) as n from review_filters group by filter, approved order by k`.execute(
      db,
    );
    const plain = (list: Array<{ k: string; n: number }>) => list.map((r) => [r.k, Number(r.n)]);
    return { tallies: plain(tallies.rows), rows: plain(rows.rows) };
  }

  it("keeps each tab's count in step with the rows, whoever writes them", async () => {
    await seed(30);
    const db = database().db;
    expect((await filterTalliesAndRows()).tallies).toEqual((await filterTalliesAndRows()).rows);
    await sql`update testimonials set tags = '["travel", "mobility", "comfort"]' where quote = 'Review 1'`.execute(db);
    await sql`update testimonials set tags = '[]' where quote = 'Review 2'`.execute(db);
    await sql`update testimonials set approved = 0 where quote in ('Review 3', 'Review 4')`.execute(db);
    await sql`update testimonials set approved = 1 where quote = 'Review 5'`.execute(db);
    await sql`delete from testimonials where quote in ('Review 6', 'Review 7', 'Review 8')`.execute(db);
    const { tallies, rows } = await filterTalliesAndRows();
    expect(tallies).toEqual(rows);
    const expected = await expectedOrder();
    expect((await listPublishedReviews("travel")).total).toBe(expected.travel.length);
  });

  it("counts, when migration 0013 runs, the reviews written before it", async () => {
    await seed(12);
    const migration = (await migrationProvider.getMigrations())["0013_review_filter_tallies"];
    await migration?.down?.(database().db as Kysely<unknown>);
    await publishReview(staff, await createReview(input(1)));
    await migration?.up(database().db as Kysely<unknown>);
    const { tallies, rows } = await filterTalliesAndRows();
    expect(tallies).toEqual(rows);
    expect(tallies.length).toBeGreaterThan(0);
  });

  it("reads a page as one range of an index entered at the cursor, never stepping over the reviews before it", async () => {
    // Planned over thousands of reviews, as on a site in use (on a few dozen rows, reading them
    // all is the planner's right choice), written by plain SQL for speed.
    const db = database().db;
    const rows = (n: ReturnType<typeof sql.raw>) =>
      sql`'bulk-' || ${n}, 'Writer', 'w@example.com', 1 + ${n} % 10, 'A bulk review', '["travel"]', ${n} % 5, 0`;
    if (dialect === "sqlite") {
      await sql`with recursive k(n) as (select 1 union all select n + 1 from k where n < 4000)
        insert into testimonials (id, name, email, rating, quote, tags, approved, verified, created_at)
        select ${rows(sql.raw("n"))}, strftime('%Y-%m-%dT%H:%M:%fZ', '2025-01-01', '+' || n || ' minutes') from k`.execute(
        db,
      );
      await sql`analyze`.execute(db);
    } else {
      await sql`insert into testimonials (id, name, email, rating, quote, tags, approved, verified, created_at)
        select ${rows(sql.raw("n"))}, to_char(timestamp '2025-01-01' + n * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') from generate_series(1, 4000) as k(n)`.execute(
        db,
      );
      await sql`analyze testimonials`.execute(db);
      await sql`analyze review_filters`.execute(db);
    }
    const place = { createdAt: "2025-01-01T00:05:00.000Z", id: "m" };
    for (const filter of ["all", "travel"] as const) {
      for (const direction of ["older", "newer"] as const) {
        const query = placesQuery(filter, direction, place, publicPageSize + 1);
        const index = filter === "all" ? "testimonials_order_idx" : "review_filters_list_idx";
        const plan = dialect === "sqlite" ? await sqlitePlan(query) : await postgresPlan(query);
        expect(plan).toContain(index);
        // SQLite: a SEARCH on the index whose range starts at the cursor (a SCAN would read it
        // all); PostgreSQL: an index scan whose condition holds the row comparison.
        if (dialect === "sqlite") expect(plan).toMatch(/SEARCH .*\(created_at,(id|testimonial_id)\)[<>]\(\?,\?\)/);
        else expect(plan).toMatch(/Index Cond: .*ROW\(created_at, (id|testimonial_id)\) [<>] ROW/);
        expect(plan).not.toMatch(/TEMP B-TREE|Sort\b/);
      }
    }
  });

  async function sqlitePlan(query: CompiledQuery) {
    const { rows } = await database().db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    );
    return rows.map((r) => r.detail).join("\n");
  }

  async function postgresPlan(query: CompiledQuery) {
    const { rows } = await database().db.executeQuery<{ "QUERY PLAN": string }>(
      CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
    );
    return rows.map((r) => r["QUERY PLAN"]).join("\n");
  }
});
