import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicTables } from "./public-changes";
import { createTestDatabase, type TestDatabase, testDialects } from "./test-databases";

/** What db/public-changes.ts says of each table a kept page reads, checked against the database itself. */
describe.each(testDialects)("the tables kept pages read, on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await database?.drop();
  });

  const count = async (table: string) =>
    Number(
      (await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(database.db)).rows[0]
        ?.n,
    );

  it("moves the change feed on a write to every table said to be watched by it", async () => {
    const changes = database.watchPublicChanges();
    try {
      await expect.poll(() => changes.version()).toBeDefined();
      const now = new Date().toISOString();
      const writes: Record<string, () => Promise<unknown>> = {
        testimonials: () =>
          database.db
            .insertInto("testimonials")
            .values({
              id: "watched",
              name: "A",
              email: "a@example.com",
              rating: 9,
              quote: "q",
              context: null,
              tags: "[]",
              created_at: now,
              approved_at: null,
            })
            .execute(),
        review_removals: () =>
          database.db
            .insertInto("review_removals")
            .values({ id: "removed", reason: null, received_at: now, removed_at: now })
            .execute(),
        response_figures: () =>
          database.db
            .insertInto("response_figures")
            .values({ kind: "message", leads: 20, within: 19, median_minutes: 150 })
            .execute(),
      };
      const fed = Object.entries(publicTables).filter(([, how]) => "feed" in how);
      expect(fed.map(([table]) => table).sort()).toEqual(Object.keys(writes).sort());
      for (const [table] of fed) {
        const before = changes.version() ?? 0;
        await writes[table]?.();
        await changes.catchUp();
        expect(changes.version(), table).toBeGreaterThan(before);
      }
    } finally {
      await changes.stop();
    }
  });

  it("writes every table said to move with another in the same statement as a row of that table", async () => {
    const covered = Object.entries(publicTables).flatMap(([table, how]) =>
      "with" in how ? [{ table, by: how.with }] : [],
    );
    expect(covered.map((c) => c.by)).toEqual(covered.map(() => "testimonials"));
    const before = Object.fromEntries(
      await Promise.all(covered.map(async ({ table }) => [table, await count(table)] as const)),
    );
    const now = new Date().toISOString();
    await database.db
      .insertInto("testimonials")
      .values({
        id: "covered",
        name: "B",
        email: "b@example.com",
        rating: 7,
        quote: "q",
        context: null,
        tags: JSON.stringify(["travel"]),
        created_at: now,
        approved_at: now,
      })
      .execute();
    for (const { table } of covered) expect(await count(table), table).toBeGreaterThan(before[table] ?? 0);
  });
});
