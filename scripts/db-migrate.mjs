// `npm run db:migrate`: apply pending migrations to DATABASE_URL (the server also does this at start).
import { existsSync } from "node:fs";

if (!existsSync(new URL("../build/server/index.js", import.meta.url))) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}
const { migrateDatabase, closeDatabase } = await import("../build/server/index.js");
const applied = await migrateDatabase();
console.log(applied.length ? `applied: ${applied.join(", ")}` : "database is up to date");
await closeDatabase();
