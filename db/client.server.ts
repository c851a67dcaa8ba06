import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { CompiledQuery, type DatabaseConnection, Kysely, Migrator, PostgresDialect, SqliteDialect, SqliteDriver, type SqliteDialectConfig, sql } from "kysely";
import pg from "pg";
import { migrationProvider } from "./migrations";
import type { Database } from "./schema";

export type Dialect = "sqlite" | "postgres";

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Where the data lives, with any password removed, for logs. */
  location: string;
  close(): Promise<void>;
}

export function dialectOf(url: string): Dialect {
  return /^postgres(ql)?:\/\//i.test(url) ? "postgres" : "sqlite";
}

function sqliteFile(url: string): string {
  const file = url.replace(/^(sqlite|file):(\/\/)?/i, "");
  return file === ":memory:" ? file : path.resolve(file);
}

/**
 * Opens SQLite the way this site needs it: write-ahead log, every commit synced to disk
 * (a stored message must survive a power cut), foreign keys enforced, a busy timeout so
 * concurrent writers wait instead of failing, and deleted content overwritten with zeros, so
 * what a person asked us to delete (or retention removed) cannot be read back from the file or
 * a copy of it (decision 015).
 */
export function openSqlite(file: string): SQLite.Database {
  if (file !== ":memory:") mkdirSync(path.dirname(file), { recursive: true });
  const connection = new SQLite(file);
  connection.pragma("journal_mode = WAL");
  connection.pragma("synchronous = FULL");
  connection.pragma("foreign_keys = ON");
  connection.pragma("busy_timeout = 5000");
  connection.pragma("secure_delete = ON");
  const synchronous = connection.pragma("synchronous", { simple: true });
  if (synchronous !== 2) {
    connection.close();
    throw new Error(`SQLite refused synchronous=FULL (got ${String(synchronous)})`);
  }
  return connection;
}

/**
 * SQLite's plain BEGIN reads first and asks for the write lock at the first write. If another
 * connection (a second instance, a backup, a script) commits in between, that upgrade fails at
 * once with SQLITE_BUSY, whatever the busy timeout: a moderation decision or a release from spam
 * would answer 500. BEGIN IMMEDIATE takes the write lock up front, so such a transaction waits its
 * turn (busy_timeout) and then sees the other writer's rows. Every transaction here writes.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver() {
    return new ImmediateSqliteDriver(this.#config);
  }
}

/**
 * Creates the database handle for a URL. Nothing is opened until the first query, so importing
 * the server bundle (as the prerender step does) never touches a database.
 */
export function createDatabase(url: string, options: { onConnectionError?: (error: Error) => void } = {}): DatabaseHandle {
  const dialect = dialectOf(url);
  if (dialect === "postgres") {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    // An idle connection can be cut (a database restart, a failover, an administrator). Unhandled,
    // that event would end the process; the pool replaces the connection on the next query.
    pool.on("error", (error) => options.onConnectionError?.(error));
    // A connection can also drop while checked out between two queries; its client must not be
    // left without a listener either.
    pool.on("connect", (client) => client.on("error", (error) => options.onConnectionError?.(error)));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const location = url.replace(/\/\/([^:@/]+):[^@/]*@/, "//$1:***@");
    return { db, dialect, location, close: () => db.destroy() };
  }
  const file = sqliteFile(url);
  const db = new Kysely<Database>({
    dialect: new ImmediateSqliteDialect({ database: async () => openSqlite(file) }),
  });
  return { db, dialect, location: file, close: () => db.destroy() };
}

export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

export async function isReachable(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
