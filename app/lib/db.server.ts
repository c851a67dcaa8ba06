import type { Transaction } from "kysely";
import type { Database } from "../../db/schema";
import { createDatabase, type DatabaseHandle, migrateToLatest } from "../../db/client.server";
import { getConfig } from "./config.server";
import { log } from "./logger.server";

/**
 * The process's one database handle, created on first use: the prerender step imports the whole
 * server bundle and must never open a database.
 */
let handle: DatabaseHandle | undefined;

export function getDatabase(): DatabaseHandle {
  handle ??= createDatabase(getConfig().databaseUrl, {
    onConnectionError: (error) => log.warn("database connection lost; it will be replaced", { error: error.message }),
  });
  return handle;
}

/** Tests point the process at their own database (see db/test-databases.ts). */
export function setDatabaseForTests(next: DatabaseHandle | undefined) {
  handle = next;
}

export function db() {
  return getDatabase().db;
}

export async function migrateDatabase(): Promise<string[]> {
  return migrateToLatest(getDatabase().db);
}

export async function closeDatabase(): Promise<void> {
  const current = handle;
  handle = undefined;
  await current?.close();
}

export type Executor = Transaction<Database>;

/**
 * Runs `work` inside the caller's transaction when there is one, else in a new one, so a feature
 * function that writes several rows can also be one step of a larger all-or-nothing change.
 */
export async function inTransaction<T>(trx: Executor | undefined, work: (trx: Executor) => Promise<T>): Promise<T> {
  return trx ? work(trx) : db().transaction().execute(work);
}
