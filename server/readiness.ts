import { open, unlink } from "node:fs/promises";
import path from "node:path";
import { sql } from "kysely";
import type { DatabaseHandle } from "#db/client.server";
import { databaseTimeLimits } from "#db/postgres-pool.server";
import { within } from "../app/lib/within";

/**
 * What `/readyz` asks before it says an instance is ready: that the database answers and takes a
 * write. A full disk or a read-only file system leaves reads working, so a `select 1` alone said
 * "ready" while every form and staff action failed.
 *
 * The write is one row rewritten in the database (on either database, the server's own disk), and
 * for SQLite also 64 KB written and synced to a file beside the database: SQLite reuses space its
 * files already hold, so a row can still be written for a while after the disk has filled.
 * The database is asked on every probe (`ping`, within 2 s); the write is made at most once a
 * second, its answer standing in between, so a load balancer checking often costs one small synced
 * write a second. A probe answers within about 4 s whatever the database does.
 */
export function createReadiness(database: DatabaseHandle, now = () => Date.now()) {
  let lastWrite: { at: number; ok: boolean } | undefined;
  let writing: Promise<boolean> | undefined;

  async function writes(): Promise<boolean> {
    try {
      await database.db
        .insertInto("rate_limits")
        .values({ key: probeKey, window_start: 0, count: 1 })
        .onConflict((oc) => oc.columns(["key", "window_start"]).doUpdateSet({ count: sql`1 - rate_limits.count` }))
        .execute();
      if (database.dialect === "sqlite" && database.location !== ":memory:") await writeBeside(database.location);
      return true;
    } catch {
      return false;
    }
  }

  return async function readinessProblem(): Promise<string | undefined> {
    if (!(await database.ping())) return "database unreachable";
    if (!lastWrite || now() - lastWrite.at >= 1_000) {
      writing ??= writes().then((ok) => {
        lastWrite = { at: now(), ok };
        writing = undefined;
        return ok;
      });
      // A write that waits (another process holds SQLite's write lock, or PostgreSQL's row) is not
      // waited out here: the probe answers within seconds, and the write's own answer counts once in.
      if (!(await within(writeWaitMs, writing, () => false))) return "database cannot write";
    }
    return lastWrite?.ok === false ? "database cannot write" : undefined;
  };
}

/** How long `/readyz` waits for its write before saying the database cannot write. */
const writeWaitMs = databaseTimeLimits.probeMs;

/** A rate-limit key no request can produce (theirs are `purpose:address`). */
const probeKey = "readiness probe";

const probeBytes = Buffer.alloc(64 * 1024);

async function writeBeside(file: string) {
  const probeFile = path.join(path.dirname(path.resolve(file)), `.readyz-${process.pid}`);
  const handle = await open(probeFile, "w", 0o600);
  try {
    await handle.write(probeBytes);
    await handle.sync();
  } finally {
    await handle.close();
    await unlink(probeFile).catch(() => {});
  }
}
