import { AsyncLocalStorage } from "node:async_hooks";
import type { KyselyPlugin, Transaction } from "kysely";
import type { Database } from "#db/schema";
import { createDatabase, type DatabaseHandle, migrateToLatest } from "#db/client.server";
import { getConfig } from "./config.server";
import { log } from "./logger.server";

/**
 * The process's one database handle, created on first use: the prerender step imports the whole
 * server bundle and must never open a database.
 */
let handle: DatabaseHandle | undefined;

let connectionLost: (error: Error) => void = () => {};

/** Told whenever a connection to the database is lost (the server checks whether the database is away). */
export function onDatabaseConnectionLost(handler: (error: Error) => void) {
  connectionLost = handler;
}

let timedOut: (error: Error) => void = () => {};

/** Told whenever a query, a connection or a ping ran out of time (the metrics count them). */
export function onDatabaseTimeout(handler: (error: Error) => void) {
  timedOut = handler;
}

/** Set while a page is prerendered: what it rendered, and whether it asked for the database. */
const prerendering = new AsyncLocalStorage<{ path: string; touched: boolean }>();

export function getDatabase(): DatabaseHandle {
  const render = prerendering.getStore();
  if (render) {
    render.touched = true;
    throw new Error(`${render.path} is prerendered, so it may not read the database`);
  }
  handle ??= createDatabase(getConfig().databaseUrl, {
    onConnectionError: (error) => {
      log.warn("database connection lost; it will be replaced", { error: error.message });
      connectionLost(error);
    },
    onTimeout: (error) => timedOut(error),
  });
  return handle;
}

/**
 * Runs a prerender of `path` and reports whether anything in it asked for the database (which
 * is refused: the answer would be frozen into the file until the next build). The flag is kept
 * even when a loader catches the refusal and renders something else.
 */
export async function renderWithoutDatabase<T>(
  path: string,
  render: () => Promise<T>,
): Promise<{ result: T; touchedDatabase: boolean }> {
  const store = { path, touched: false };
  const result = await prerendering.run(store, render);
  return { result, touchedDatabase: store.touched };
}

/** Tests point the process at their own database (see db/test-databases.ts). */
export function setDatabaseForTests(next: DatabaseHandle | undefined) {
  handle = next;
}

/** Set while `recordTables` runs: the tables each query in it names. */
const recording = new AsyncLocalStorage<Set<string>>();
/** Whether anything ever recorded: until then `db()` skips the lookup (a served page never records). */
let recorded = false;

/** The tables a query names, read off the query before it is compiled (a raw fragment by its `from`, `join`, `into` or `update`). */
function tablesOf(node: unknown, into: Set<string>) {
  if (!node || typeof node !== "object") return;
  const kind = (node as { kind?: unknown }).kind;
  if (kind === "TableNode") {
    const name = (node as { table?: { identifier?: { name?: unknown } } }).table?.identifier?.name;
    if (typeof name === "string") into.add(name);
  } else if (kind === "RawNode") {
    const text = ((node as { sqlFragments?: unknown[] }).sqlFragments ?? []).join(" ");
    for (const match of text.matchAll(/\b(?:from|join|into|update)\s+"?([a-z_][a-z0-9_]*)"?/gi))
      into.add(match[1] ?? "");
  }
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const item of value) tablesOf(item, into);
    else if (value && typeof value === "object") tablesOf(value, into);
  }
}

const tableRecorder: KyselyPlugin = {
  transformQuery(args) {
    const tables = recording.getStore();
    if (tables) tablesOf(args.node, tables);
    return args.node;
  },
  transformResult: async (args) => args.result,
};

/**
 * Runs `work` and answers which tables its queries named: how the page cache's test learns what a
 * kept route reads (app/page-cache-reads.server.test.ts).
 */
export async function recordTables<T>(work: () => Promise<T>): Promise<{ result: T; tables: Set<string> }> {
  const tables = new Set<string>();
  recorded = true;
  const result = await recording.run(tables, work);
  return { result, tables };
}

/** Runs `work` outside any recording: a read that is not part of what the page shows (a secret loaded once). */
export function unrecorded<T>(work: () => T): T {
  return recording.exit(work);
}

export function db() {
  const base = getDatabase().db;
  return recorded && recording.getStore() ? base.withPlugin(tableRecorder) : base;
}

/**
 * Brings the schema up to date. On PostgreSQL this runs on connections of its own without the
 * statement time limit: building an index over a large table may rightly take minutes.
 */
export async function migrateDatabase(): Promise<string[]> {
  const current = getDatabase();
  if (current.dialect !== "postgres") return migrateToLatest(current.db);
  const unlimited = createDatabase(getConfig().databaseUrl, { queryLimits: false });
  try {
    return await migrateToLatest(unlimited.db);
  } finally {
    await unlimited.close();
  }
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
