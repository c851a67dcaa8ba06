// `npm run db:migrate`: apply pending migrations to DATABASE_URL (the server also does this at start).
import { hasServerBuild, importServerBuild } from "./server-build.mjs";

if (!hasServerBuild()) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}
const { migrateDatabase, closeDatabase } = await importServerBuild();
const applied = await migrateDatabase();
console.log(applied.length ? `applied: ${applied.join(", ")}` : "database is up to date");
await closeDatabase();
