import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from "node:fs";
import path from "node:path";
import SQLite from "./sqlite-driver.mjs";
import {
  CompiledQuery,
  type DatabaseConnection,
  Kysely,
  Migrator,
  PostgresDialect,
  type SqliteDatabase,
  SqliteDialect,
  SqliteDriver,
  type SqliteDialectConfig,
  sql,
} from "kysely";
import pg from "pg";
import { migrationProvider } from "./migrations";
import type { Database } from "./schema";

export type Dialect = "sqlite" | "postgres";

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Where the data lives, with any password removed, for logs. */
  location: string;
  /** PostgreSQL: the pool's connections now (open, idle, and requests waiting for one), for the metrics. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /** Starts watching for writes to the tables the public pages show (migration 0010). */
  watchPublicChanges(): ChangeFeed;
  close(): Promise<void>;
}

/**
 * Says when the rows behind the public pages change, whoever writes them. `version()` moves on
 * every change this process can see, and is undefined while it cannot see them (not connected
 * yet, or the connection that hears them is lost): then nothing kept may be served.
 */
export interface ChangeFeed {
  version(): number | undefined;
  /**
   * Resolves once `version()` counts every write committed before the call. A request that may
   * have written waits for it before answering, so the page it leads to shows its own change.
   */
  catchUp(): Promise<void>;
  /**
   * The version at which the feed's current connection began listening (undefined: it never
   * stops listening). What was said while it was deaf is gone, so anything rendered before this
   * version may show a change nobody announced, even if nothing asked for the version in between.
   */
  resumedAt(): number | undefined;
  stop(): Promise<void>;
}

/**
 * SQLite: the count the triggers keep in public_changes, read on the process's own connection
 * (synchronous, about a microsecond), so a commit by this or any other process is seen by the
 * next request.
 */
function sqliteChanges(connection: () => SQLite.Database | undefined): ChangeFeed {
  let statement: SQLite.Statement | undefined;
  let last: number | undefined;
  let readAt = -Infinity;
  const read = () => {
    const open = connection();
    if (!open?.open) return undefined;
    try {
      statement ??= open.prepare("select version from public_changes where id = 1").pluck();
      const value = statement.get();
      return typeof value === "number" ? value : undefined;
    } catch {
      statement = undefined;
      return undefined;
    }
  };
  return {
    // Read at most once a millisecond: under load that is one read per dozens of requests (the
    // read was a tenth of the time of a kept page), and a commit by another process shows
    // within a millisecond.
    version() {
      const now = performance.now();
      if (now - readAt >= 1) {
        last = read();
        readAt = now;
      }
      return last;
    },
    // The commit is already on disk: the next version() only has to read the row again.
    async catchUp() {
      readAt = -Infinity;
    },
    // The count is read from the file itself: nothing is ever missed.
    resumedAt: () => undefined,
    stop: async () => undefined,
  };
}

/** How long the listener waits before connecting again: doubles from 100 ms up to 2 s. */
const listenRetryMs = { first: 100, max: 2_000 };

/**
 * PostgreSQL: a connection of its own that LISTENs on public_pages. Each notification (sent by the
 * triggers when a write commits, on any instance) moves the version. While the connection is
 * down the version is undefined, and a new connection moves it again, because what was said while
 * nobody listened is lost.
 */
function postgresChanges(url: string, onProblem: (error: Error) => void): ChangeFeed {
  let count = 0;
  /** The version at which the current connection began listening. */
  let resumedAt: number | undefined;
  let client: pg.Client | undefined;
  let stopped = false;
  let retryMs = listenRetryMs.first;
  let timer: NodeJS.Timeout | undefined;

  const retry = () => {
    if (stopped) return;
    timer = setTimeout(() => void connect(), retryMs);
    timer.unref();
    retryMs = Math.min(retryMs * 2, listenRetryMs.max);
  };
  const connect = async () => {
    const next = new pg.Client({
      connectionString: url,
      application_name: "aquila-public-changes",
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    next.on("notification", () => {
      if (client === next) count++;
    });
    next.on("error", (error) => onProblem(error));
    next.on("end", () => {
      if (client !== next) return;
      client = undefined;
      retry();
    });
    try {
      await next.connect();
      await next.query("listen public_pages");
      if (stopped) {
        await next.end();
        return;
      }
      client = next;
      count++;
      resumedAt = count;
      retryMs = listenRetryMs.first;
    } catch (error) {
      onProblem(error instanceof Error ? error : new Error(String(error)));
      next.end().catch(() => undefined);
      retry();
    }
  };
  void connect();
  return {
    version: () => (client ? count : undefined),
    resumedAt: () => resumedAt,
    // A writer's commit signals every listening backend before the commit returns, and a backend
    // sends the notices it was signalled about before it says it is ready for the next query
    // (postgres.c, before ReadyForQuery). So once a query on the listening connection has been
    // answered, every notice committed before it was sent has been received and counted.
    async catchUp() {
      try {
        await client?.query("select 1");
      } catch {
        // The connection is lost: version() is undefined until a new one listens.
      }
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
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
/** How long a SQLite statement waits for another connection's write lock before it fails with SQLITE_BUSY. */
export const sqliteBusyTimeoutMs = 5_000;

export function openSqlite(file: string): SQLite.Database {
  if (file !== ":memory:") keepPrivate(file);
  const connection = new SQLite(file);
  connection.pragma("journal_mode = WAL");
  connection.pragma("synchronous = FULL");
  connection.pragma("foreign_keys = ON");
  connection.pragma(`busy_timeout = ${sqliteBusyTimeoutMs}`);
  connection.pragma("secure_delete = ON");
  const synchronous = connection.pragma("synchronous", { simple: true });
  if (synchronous !== 2) {
    connection.close();
    throw new Error(`SQLite refused synchronous=FULL (got ${String(synchronous)})`);
  }
  return connection;
}

/**
 * The database holds health details and staff sessions: only the account the site runs as may
 * read it, whatever the process's umask. A new folder is made 0700 and a new file 0600 before
 * SQLite opens it (SQLite gives its -wal and -shm files the database file's mode); an existing file
 * or companion that others can read is narrowed to 0600.
 */
function keepPrivate(file: string) {
  const dir = path.dirname(file);
  const created = mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (created) chmodSync(dir, 0o700);
  closeSync(openSync(file, "a", 0o600));
  for (const name of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) {
    if (existsSync(name) && (statSync(name).mode & 0o077) !== 0) chmodSync(name, 0o600);
  }
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
 * Kysely prepares every query's SQL afresh (better-sqlite3 compiles it each time: about a tenth of
 * a page's database time), though a page asks the same few queries with different values. Statements
 * are kept by their SQL text and reused; one still being iterated (a streamed query) is left alone
 * and a new one prepared. SQLite recompiles a kept statement itself when the schema changes.
 */
function withStatementCache(connection: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      statements.clear();
      connection.close();
    },
    prepare(text: string) {
      const kept = statements.get(text);
      if (kept && !kept.busy) {
        // Most recently used last, so the oldest goes first when the map is full.
        statements.delete(text);
        statements.set(text, kept);
        return kept;
      }
      const statement = connection.prepare(text);
      if (!kept && statements.size >= maxKeptStatements) statements.delete(statements.keys().next().value as string);
      if (!kept) statements.set(text, statement);
      return statement;
    },
  };
}

const maxKeptStatements = 200;

/**
 * Creates the database handle for a URL. Nothing is opened until the first query, so importing
 * the server bundle (as the prerender step does) never touches a database.
 */
export function createDatabase(
  url: string,
  options: { onConnectionError?: (error: Error) => void } = {},
): DatabaseHandle {
  const dialect = dialectOf(url);
  if (dialect === "postgres") {
    // A database that takes no connections at all (a host gone from the network) is given 10 s, not
    // forever: requests then fail, and are answered 503, instead of hanging.
    const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 10_000 });
    // An idle connection can be cut (a database restart, a failover, an administrator). Unhandled,
    // that event would end the process; the pool replaces the connection on the next query.
    pool.on("error", (error) => options.onConnectionError?.(error));
    // A connection can also drop while checked out between two queries; its client must not be
    // left without a listener either.
    pool.on("connect", (client) => client.on("error", (error) => options.onConnectionError?.(error)));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const location = url.replace(/\/\/([^:@/]+):[^@/]*@/, "//$1:***@");
    const onProblem = (error: Error) => options.onConnectionError?.(error);
    return {
      db,
      dialect,
      location,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      watchPublicChanges: () => postgresChanges(url, onProblem),
      close: () => db.destroy(),
    };
  }
  const file = sqliteFile(url);
  let connection: SQLite.Database | undefined;
  const db = new Kysely<Database>({
    dialect: new ImmediateSqliteDialect({
      database: async () => {
        connection = openSqlite(file);
        return withStatementCache(connection);
      },
    }),
  });
  return {
    db,
    dialect,
    location: file,
    watchPublicChanges: () => sqliteChanges(() => connection),
    close: () => db.destroy(),
  };
}

export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/**
 * Whether an error is SQLite saying another connection holds the write lock (a second instance,
 * a backup, a script writing a large batch) for longer than the busy timeout: a wait that ran
 * out, not a fault. A caller with nothing waiting on it tries again later.
 */
export function isDatabaseBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED"));
}

export async function isReachable(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
