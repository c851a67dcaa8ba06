// `npm run db:backup -- <destination file>`: a consistent copy of the SQLite database, safe while
// the site is running and writing. For PostgreSQL use pg_dump; see docs/deploy.md.
//
// The copy is made in one read transaction with `VACUUM INTO` (SQLite's online backup API starts
// over whenever the site writes, and under a few writes a second never finished), into a
// temporary file beside the destination. Only a complete copy that passes the integrity check is
// renamed to the destination: a run that is killed or fails leaves nothing under that name.
import { chmodSync, existsSync, readdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import Database from "../db/sqlite-driver.mjs";

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
const target = path.resolve(destination);
const partial = path.join(path.dirname(target), `.${path.basename(target)}.partial-${process.pid}`);

// What a killed run left beside the destination (its process is gone) is removed first.
const leftover = new RegExp(
  `^\\.${path.basename(target).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\.partial-(\\d+)(-journal)?$`,
);
for (const name of readdirSync(path.dirname(target))) {
  const pid = Number(name.match(leftover)?.[1]);
  if (pid && !isRunning(pid)) rmSync(path.join(path.dirname(target), name), { force: true });
}

function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === "EPERM";
  }
}

function fail(message) {
  rmSync(partial, { force: true });
  console.error(message);
  process.exit(1);
}

// A copy holds what the database holds (health details, staff sessions): readable by its owner only,
// from its first byte.
process.umask(0o077);
const started = Date.now();
try {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  db.pragma("busy_timeout = 5000");
  db.prepare("VACUUM INTO ?").run(partial);
  db.close();
} catch (error) {
  fail(`The backup could not be written: ${error instanceof Error ? error.message : error}`);
}
chmodSync(partial, 0o600);
const copy = new Database(partial, { readonly: true, fileMustExist: true });
const check = copy.pragma("integrity_check", { simple: true });
copy.close();
if (check !== "ok") fail(`The backup failed its integrity check: ${check}`);
renameSync(partial, target);
console.log(`Backed up ${file} to ${target} in ${Date.now() - started} ms (integrity check ok).`);
