import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, dialectOf, isReachable, migrateToLatest, openSqlite } from "./client.server";
import { createTestDatabase, type TestDatabase, testDialects } from "./test-databases";

describe("dialect switch", () => {
  it("chooses PostgreSQL for postgres URLs and SQLite otherwise", () => {
    expect(dialectOf("postgres://u@h/db")).toBe("postgres");
    expect(dialectOf("postgresql://u@h/db")).toBe("postgres");
    expect(dialectOf("./data/aquila.sqlite")).toBe("sqlite");
    expect(dialectOf("file:./data/x.sqlite")).toBe("sqlite");
  });

  it("hides the password of a PostgreSQL URL in its location", () => {
    expect(createDatabase("postgres://app:secret@db.internal/site").location).not.toContain("secret");
  });
});

describe("SQLite connection settings", () => {
  it("uses WAL, full sync, foreign keys and a busy timeout on every open", async () => {
    const handle = await createTestDatabase("sqlite");
    try {
      const connection = openSqlite(handle.url);
      expect(connection.pragma("journal_mode", { simple: true })).toBe("wal");
      expect(connection.pragma("synchronous", { simple: true })).toBe(2);
      expect(connection.pragma("foreign_keys", { simple: true })).toBe(1);
      expect(connection.pragma("busy_timeout", { simple: true })).toBe(5000);
      connection.close();
    } finally {
      await handle.drop();
    }
  });

  it("a transaction holds the write lock from its start, so another connection's commit cannot make its write fail", async () => {
    const handle = await createTestDatabase("sqlite");
    const other = openSqlite(handle.url);
    try {
      await sql`create table lock_probe (writer text not null)`.execute(handle.db);
      // The other connection does not wait here, so a write it attempts mid-transaction shows who holds the lock.
      other.pragma("busy_timeout = 0");
      let othersWrite = "";
      await handle.db.transaction().execute(async (trx) => {
        await sql`select count(*) from lock_probe`.execute(trx);
        try {
          other.prepare("insert into lock_probe (writer) values ('other')").run();
          othersWrite = "committed";
        } catch (error) {
          othersWrite = (error as { code?: string }).code ?? String(error);
        }
        // With a plain BEGIN the other commit lands and this write fails with SQLITE_BUSY_SNAPSHOT.
        await sql`insert into lock_probe (writer) values ('transaction')`.execute(trx);
      });
      expect(othersWrite).toBe("SQLITE_BUSY");
      expect(other.prepare("select writer from lock_probe").pluck().all()).toEqual(["transaction"]);
    } finally {
      other.close();
      await handle.drop();
    }
  });

  it("does not create or open the file until the first query", async () => {
    const { existsSync, mkdtempSync } = await import("node:fs");
    const os = await import("node:os");
    const path = await import("node:path");
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), "aquila-lazy-")), "lazy.sqlite");
    const handle = createDatabase(file);
    expect(existsSync(file)).toBe(false);
    expect(await isReachable(handle.db)).toBe(true);
    expect(existsSync(file)).toBe(true);
    await handle.close();
  });
});

describe.each(testDialects)("migrations on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("are idempotent: running them again applies nothing", async () => {
    expect(await migrateToLatest(database.db)).toEqual([]);
  });

  it("create a testimonials table that enforces the rating range", async () => {
    const row = {
      id: "t1",
      name: "A",
      email: "a@example.com",
      rating: 11,
      quote: "q",
      context: null,
      tags: "[]",
      created_at: new Date().toISOString(),
      approved_at: null,
    };
    await expect(database.db.insertInto("testimonials").values(row).execute()).rejects.toThrow();
    await database.db
      .insertInto("testimonials")
      .values({ ...row, rating: 10 })
      .execute();
    const stored = await database.db.selectFrom("testimonials").selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ rating: 10, approved: 0, verified: 0 });
  });

  it("reports itself reachable", async () => {
    expect(await isReachable(database.db)).toBe(true);
    const result = await sql<{ one: number }>`select 1 as one`.execute(database.db);
    expect(Number(result.rows[0]?.one)).toBe(1);
  });
});

describe.each(testDialects)("the public change feed on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await database.db
      .insertInto("testimonials")
      .values({
        id: "feed",
        name: "A",
        email: "a@example.com",
        rating: 9,
        quote: "q",
        context: null,
        tags: "[]",
        created_at: new Date().toISOString(),
        approved_at: null,
      })
      .execute();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("counts every write committed before a catch-up by the time it resolves", async () => {
    const changes = database.watchPublicChanges();
    try {
      await expect.poll(() => changes.version()).toBeDefined();
      // PostgreSQL's notice travels on its own connection: without the catch-up, the count would
      // often still be the old one right after the commit.
      for (let write = 0; write < 50; write++) {
        const before = changes.version() ?? 0;
        await database.db
          .updateTable("testimonials")
          .set({ rating: 1 + (write % 10) })
          .where("id", "=", "feed")
          .execute();
        await changes.catchUp();
        expect(changes.version()).toBeGreaterThan(before);
      }
    } finally {
      await changes.stop();
    }
  });
});
