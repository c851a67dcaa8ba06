import { type Kysely, type Migration, type MigrationProvider, sql } from "kysely";

/**
 * Migrations live in code (not read from a folder) so they travel inside the server bundle.
 * Each one is written once and never edited after it has shipped; add a new one instead.
 */
const migrations: Record<string, Migration> = {
  "0001_testimonials": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("testimonials")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("rating", "integer", (c) => c.notNull().check(sql`rating between 1 and 10`))
        .addColumn("quote", "text", (c) => c.notNull())
        .addColumn("context", "text")
        .addColumn("tags", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("approved", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("verified", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("approved_at", "text")
        .execute();
      await db.schema
        .createIndex("testimonials_public_idx")
        .on("testimonials")
        .columns(["approved", "created_at"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("testimonials").execute();
    },
  },
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
