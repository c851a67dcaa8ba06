import { type Kysely, Migrator } from "kysely";
import { describe, expect, it } from "vitest";
import { migrationProvider } from "./migrations";
import type { Database } from "./schema";
import { createTestDatabase, testDialects } from "./test-databases";

const tableNames = async (db: Kysely<Database>) => (await db.introspection.getTables()).map((t) => t.name);

describe.each(testDialects)("migration 0016 (the site's own secrets) on %s", (dialect) => {
  const migrator = (db: Kysely<Database>) => new Migrator({ db, provider: migrationProvider });

  it("adds a table with one secret per name, and goes down and up again", async () => {
    const database = await createTestDatabase(dialect);
    try {
      const { db } = database;
      const row = { name: "form-ticket", value: "c2VjcmV0", created_at: "2026-01-01T00:00:00.000Z" };
      await db.insertInto("site_secrets").values(row).execute();
      // One secret per name: a second instance reads the first one's, it never makes its own.
      await expect(
        db
          .insertInto("site_secrets")
          .values({ ...row, value: "b3RoZXI" })
          .execute(),
      ).rejects.toThrow();

      expect((await migrator(db).migrateTo("0015_idempotency_keys")).error).toBeUndefined();
      expect(await tableNames(db)).not.toContain("site_secrets");
      expect((await migrator(db).migrateToLatest()).error).toBeUndefined();
      expect(await db.selectFrom("site_secrets").selectAll().execute()).toEqual([]);
    } finally {
      await database.drop();
    }
  });
});
