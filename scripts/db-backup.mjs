// `npm run db:backup -- <destination file>`: an online, consistent copy of the SQLite database
// (SQLite's backup API: safe while the site is running and writing). For PostgreSQL use pg_dump;
// see docs/deploy.md.
import { chmodSync, closeSync, existsSync, openSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";

const destination = process.argv[2];
const source = process.env.DATABASE_URL ?? "./data/aquila.sqlite";
if (!destination) {
  console.error("usage: npm run db:backup -- <destination file>");
  process.exit(2);
}
if (/^postgres(ql)?:\/\//i.test(source)) {
  console.error("DATABASE_URL is PostgreSQL: use pg_dump (see docs/deploy.md).");
  process.exit(2);
}
const file = path.resolve(source.replace(/^(sqlite|file):(\/\/)?/i, ""));
if (!existsSync(file)) {
  console.error(`No database at ${file}`);
  process.exit(1);
}
const db = new Database(file, { readonly: true, fileMustExist: true });
db.pragma("busy_timeout = 5000");
// A copy holds what the database holds (health details, staff sessions): readable by its owner only.
closeSync(openSync(destination, "a", 0o600));
chmodSync(destination, 0o600);
await db.backup(destination);
db.close();
const copy = new Database(destination, { readonly: true });
const check = copy.pragma("integrity_check", { simple: true });
copy.close();
if (check !== "ok") {
  console.error(`The backup failed its integrity check: ${check}`);
  process.exit(1);
}
console.log(`Backed up ${file} to ${path.resolve(destination)} (integrity check ok).`);
