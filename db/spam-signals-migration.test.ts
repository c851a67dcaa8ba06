import { type Kysely, Migrator, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { migrationProvider } from "./migrations";
import type { Database } from "./schema";
import { createTestDatabase, testDialects } from "./test-databases";

const tables = ["contact_messages", "order_requests", "testimonials"] as const;

async function columnsOf(db: Kysely<Database>, table: string): Promise<string[]> {
  return ((await db.introspection.getTables()).find((t) => t.name === table)?.columns ?? []).map((c) => c.name);
}

describe.each(testDialects)("migration 0014 (the possible-spam mark) on %s", (dialect) => {
  const migrator = (db: Kysely<Database>) => new Migrator({ db, provider: migrationProvider });

  it("adds a nullable mark to the three kinds, keeps their rows, and goes down and up again", async () => {
    const database = await createTestDatabase(dialect);
    try {
      const { db } = database;
      expect((await migrator(db).migrateTo("0013_review_filter_tallies")).error).toBeUndefined();
      for (const table of tables) expect(await columnsOf(db, table)).not.toContain("spam_signals");
      const at = "2026-01-01T00:00:00.000Z";
      await sql`insert into contact_messages (id, name, email, phone, topic, message, consent, consent_at, received_at, status, handled_at)
        values ('m-1', 'Ann', 'ann@example.com', null, 'general', 'Kept as it was.', 1, ${at}, ${at}, 'new', null)`.execute(
        db,
      );

      // What a process killed between committing and recording leaves behind, then the real run.
      await (await migrationProvider.getMigrations())["0014_spam_signals"]?.up(db as Kysely<unknown>);
      expect((await migrator(db).migrateToLatest()).error).toBeUndefined();
      for (const table of tables) expect(await columnsOf(db, table)).toContain("spam_signals");
      expect(await db.selectFrom("contact_messages").select(["id", "message", "spam_signals"]).execute()).toEqual([
        { id: "m-1", message: "Kept as it was.", spam_signals: null },
      ]);
      await db
        .updateTable("contact_messages")
        .set({ spam_signals: '[{"code":"links","detail":"Contains 2 links."}]' })
        .execute();

      expect((await migrator(db).migrateTo("0013_review_filter_tallies")).error).toBeUndefined();
      for (const table of tables) expect(await columnsOf(db, table)).not.toContain("spam_signals");
      expect(await db.selectFrom("contact_messages").select(["id", "message"]).execute()).toEqual([
        { id: "m-1", message: "Kept as it was." },
      ]);
      expect((await migrator(db).migrateToLatest()).error).toBeUndefined();
      expect(await db.selectFrom("contact_messages").select(["id", "spam_signals"]).execute()).toEqual([
        { id: "m-1", spam_signals: null },
      ]);
    } finally {
      await database.drop();
    }
  });
});
