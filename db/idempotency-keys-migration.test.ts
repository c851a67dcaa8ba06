import { type Kysely, Migrator } from "kysely";
import { describe, expect, it } from "vitest";
import { migrationProvider } from "./migrations";
import type { Database } from "./schema";
import { createTestDatabase, testDialects } from "./test-databases";

const tableNames = async (db: Kysely<Database>) => (await db.introspection.getTables()).map((t) => t.name);

describe.each(testDialects)("migration 0015 (Idempotency-Key answers) on %s", (dialect) => {
  const migrator = (db: Kysely<Database>) => new Migrator({ db, provider: migrationProvider });

  it("adds a table with one row per endpoint and key, and goes down and up again", async () => {
    const database = await createTestDatabase(dialect);
    try {
      const { db } = database;
      expect(await tableNames(db)).toContain("idempotency_keys");
      const row = {
        endpoint: "orders",
        key: "k-1",
        body_hash: "h",
        status: null,
        response: null,
        created_at: "2026-01-01T00:00:00.000Z",
      };
      await db.insertInto("idempotency_keys").values(row).execute();
      // The same key on another endpoint is another row; on the same endpoint it is refused.
      await db
        .insertInto("idempotency_keys")
        .values({ ...row, endpoint: "contact" })
        .execute();
      await expect(db.insertInto("idempotency_keys").values(row).execute()).rejects.toThrow();

      expect((await migrator(db).migrateTo("0014_spam_signals")).error).toBeUndefined();
      expect(await tableNames(db)).not.toContain("idempotency_keys");
      expect((await migrator(db).migrateToLatest()).error).toBeUndefined();
      expect(await db.selectFrom("idempotency_keys").selectAll().execute()).toEqual([]);
    } finally {
      await database.drop();
    }
  });
});
