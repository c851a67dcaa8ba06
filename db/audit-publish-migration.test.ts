import { type Kysely, Migrator } from "kysely";
import { describe, expect, it } from "vitest";
import { migrationProvider } from "./migrations";
import type { Database } from "./schema";
import { createTestDatabase, testDialects } from "./test-databases";

const line = (id: string, action: string) => ({
  id,
  account_id: null,
  username: "lead",
  action,
  target_type: "testimonial",
  target_id: `t-${id}`,
  detail: "was pending",
  at: "2026-01-01T00:00:00.000Z",
});

describe.each(testDialects)("migration 0025 (publish in the audit log) on %s", (dialect) => {
  const migrator = (db: Kysely<Database>) => new Migrator({ db, provider: migrationProvider });
  const actions = (db: Kysely<Database>) =>
    db.selectFrom("audit_log").select(["id", "action", "detail"]).orderBy("id").execute();

  it("reads an old approve line as publish, leaves other lines alone, and goes down and up again", async () => {
    const database = await createTestDatabase(dialect);
    try {
      const { db } = database;
      expect((await migrator(db).migrateTo("0024_sign_in_devices")).error).toBeUndefined();
      await db
        .insertInto("audit_log")
        .values([line("a-1", "approve"), line("a-2", "unpublish"), line("a-3", "delete")])
        .execute();

      // What a process killed between committing and recording leaves behind, then the real run.
      await (await migrationProvider.getMigrations())["0025_audit_publish"]?.up(db as Kysely<unknown>);
      expect((await migrator(db).migrateToLatest()).error).toBeUndefined();
      expect(await actions(db)).toEqual([
        { id: "a-1", action: "publish", detail: "was pending" },
        { id: "a-2", action: "unpublish", detail: "was pending" },
        { id: "a-3", action: "delete", detail: "was pending" },
      ]);

      expect((await migrator(db).migrateTo("0024_sign_in_devices")).error).toBeUndefined();
      expect((await actions(db)).map((row) => row.action)).toEqual(["approve", "unpublish", "delete"]);
      expect((await migrator(db).migrateToLatest()).error).toBeUndefined();
      expect((await actions(db)).map((row) => row.action)).toEqual(["publish", "unpublish", "delete"]);
    } finally {
      await database.drop();
    }
  });
});
