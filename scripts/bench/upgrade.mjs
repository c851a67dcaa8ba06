// `npm run bench:upgrade`: the first start after an upgrade from a version before due times
// (migration 0020), with a large backlog of messages stored without them. The database gets the
// current schema (`npm run db:migrate`), then `--messages` messages (150,000 unless given) as that
// version left them, a third handled by staff (tests/support/seed.ts, writeUndatedMessages); then
// the server is started as `npm start` runs it and timed until it listens, and stopped.
// `--postgres URL` names an empty PostgreSQL database to use instead of a new SQLite file.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { ensureBuild, quietServerEnv, root, runAsMain, runSeeder, stopper } from "./common.mjs";

/** Starts the server on `env` and resolves once it listens, with the time taken and what it logged. */
function startTimed(env) {
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, "scripts/start.mjs")], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = [];
  let rest = "";
  return new Promise((resolve, reject) => {
    child.stdout.on("data", (chunk) => {
      const text = rest + chunk.toString();
      const complete = text.split("\n");
      rest = complete.pop() ?? "";
      for (const line of complete) {
        if (!line.startsWith("{")) continue;
        const entry = JSON.parse(line);
        lines.push({ ...entry, at: performance.now() - started });
        if (/dating|dated/.test(entry.msg))
          console.log(`   ${((performance.now() - started) / 1000).toFixed(1)} s  ${line}`);
        if (entry.msg === "listening") resolve({ child, ms: performance.now() - started, lines });
      }
    });
    child.once("exit", (code) => reject(new Error(`the server exited with ${code} before listening`)));
  });
}

export async function benchUpgrade(argv = process.argv.slice(2)) {
  const { values } = parseArgs({
    args: argv,
    options: { messages: { type: "string" }, postgres: { type: "string" } },
    strict: true,
  });
  const count = Number(values.messages ?? 150_000);
  if (!Number.isInteger(count) || count < 1) throw new Error(`--messages needs a whole number, got ${values.messages}`);
  ensureBuild();
  const dir = mkdtempSync(path.join(os.tmpdir(), "aquila-upgrade-"));
  const databaseUrl = values.postgres ?? path.join(dir, "site.sqlite");
  const env = { ...quietServerEnv(), PORT: "0", DATABASE_URL: databaseUrl, LOG_LEVEL: "info" };
  let stop;
  try {
    const migrated = spawnSync(process.execPath, [path.join(root, "scripts/db-migrate.mjs")], {
      cwd: root,
      env,
      encoding: "utf8",
    });
    if (migrated.status !== 0) throw new Error(`db:migrate failed:\n${migrated.stderr}`);
    const seeding = Date.now();
    const seeded = runSeeder("seedUndatedMessages", [databaseUrl, count], env);
    console.log(
      `Seeded ${count.toLocaleString("en")} messages without due times (${seeded.waiting.toLocaleString("en")} waiting, ` +
        `${seeded.handled.toLocaleString("en")} handled) in ${((Date.now() - seeding) / 1000).toFixed(1)} s.`,
    );
    const { child, ms, lines } = await startTimed(env);
    stop = stopper(child, "SIGTERM", dir);
    const done = lines.find((line) => line.msg === "leads stored before due times were dated from when they arrived");
    const progress = lines.filter((line) => line.msg === "dating the leads stored before due times").length;
    console.log(
      `Listening ${(ms / 1000).toFixed(1)} s after the start; dating ${(done?.dated ?? 0).toLocaleString("en")} leads took ` +
        `${((done?.ms ?? 0) / 1000).toFixed(1)} s, with ${progress} progress lines (${databaseUrl.startsWith("postgres") ? "PostgreSQL" : "SQLite"}).`,
    );
  } finally {
    if (stop) await stop();
    else rmSync(dir, { recursive: true, force: true });
  }
}

runAsMain(import.meta.url, () => benchUpgrade());
