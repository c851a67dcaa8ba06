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
  type QueryResult,
  sql,
} from "kysely";
import pg from "pg";
import { migrationProvider } from "./migrations";
import { within } from "../app/lib/within";
import {
  askWithin,
  connectionConfig,
  createSilenceAwarePool,
  cut,
  databaseTimeLimits,
  endWithin,
  isSilence,
} from "./postgres-pool.server";
import type { Database } from "./schema";

export type Dialect = "sqlite" | "postgres";

export interface DatabaseHandle {
  db: Kysely<Database>;
  /**
   * Whether the database answers a trivial query within `databaseTimeLimits.probeMs`. On
   * PostgreSQL it asks on a connection of its own, so a pool busy with slow work never makes a
   * healthy database look away, and a silent one is found within seconds.
   */
  ping(): Promise<boolean>;
  dialect: Dialect;
  /** Where the data lives, with any password removed, for logs. */
  location: string;
  /** PostgreSQL: the pool's connections now (open, idle, and requests waiting for one), for the metrics. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /** SQLite: how long a statement waits for another process's write lock (5 s; tests stage long waits quickly). */
  setLockWaitMs?: (ms: number) => void;
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

/** How often the listening connection is asked whether it still answers. */
const listenHeartbeatMs = 5_000;

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
    const next = new pg.Client({ ...connectionConfig(url), application_name: "aquila-public-changes" });
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
      await askWithin(next, "listen public_pages", databaseTimeLimits.probeMs);
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
  /**
   * Asks the listening connection a trivial question. One that does not answer in time is silent
   * (a frozen network closes nothing), so it is cut: version() is undefined until a new connection
   * listens, and no kept page outlives a change it could not hear. The 'end' that follows the cut
   * starts the reconnection.
   */
  const ask = async () => {
    const listening = client;
    try {
      if (listening) await askWithin(listening, "select 1", databaseTimeLimits.probeMs);
    } catch (error) {
      // The connection is lost: version() is undefined until a new one listens.
      if (listening && client === listening && isSilence(error)) {
        onProblem(new Error("the connection that hears changes stopped answering; listening again"));
        cut(listening);
      }
    }
  };
  // A silent connection would otherwise go unnoticed until a write waited on it.
  let beating: Promise<void> | undefined;
  const heartbeat = setInterval(() => void (beating ??= ask().finally(() => (beating = undefined))), listenHeartbeatMs);
  heartbeat.unref();
  void connect();
  return {
    version: () => (client ? count : undefined),
    resumedAt: () => resumedAt,
    // A writer's commit signals every listening backend before the commit returns, and a backend
    // sends the notices it was signalled about before it says it is ready for the next query
    // (postgres.c, before ReadyForQuery). So once a query on the listening connection has been
    // answered, every notice committed before it was sent has been received and counted.
    // Its own question each time: one asked before the caller's commit may be answered before
    // the notice of that commit arrives.
    catchUp: ask,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      clearInterval(heartbeat);
      const current = client;
      client = undefined;
      if (current) await endWithin(current.end(), [current]);
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
  readonly #waiting: LockWaits;
  /** Whether Kysely has a transaction open on the connection (its one connection). */
  #inTransaction = false;
  #connection: { inner: DatabaseConnection; waiting: DatabaseConnection } | undefined;
  constructor(config: SqliteDialectConfig, waiting: LockWaits) {
    super(config);
    this.#waiting = waiting;
  }
  override async acquireConnection(): Promise<DatabaseConnection> {
    const inner = await super.acquireConnection();
    if (this.#connection?.inner !== inner)
      this.#connection = { inner, waiting: this.#waiting.wrap(inner, () => this.#inTransaction) };
    return this.#connection.waiting;
  }
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
    this.#inTransaction = true;
  }
  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await super.commitTransaction(connection);
    } finally {
      this.#inTransaction = false;
    }
  }
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await super.rollbackTransaction(connection);
    } finally {
      this.#inTransaction = false;
    }
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  readonly #waiting: LockWaits;
  constructor(config: SqliteDialectConfig, waiting: LockWaits) {
    super(config);
    this.#config = config;
    this.#waiting = waiting;
  }
  override createDriver() {
    return new ImmediateSqliteDriver(this.#config, this.#waiting);
  }
}

/**
 * Waits for another process's write lock without stopping the process. SQLite's own busy timeout
 * sleeps inside the call, and better-sqlite3 calls synchronously: while a backup or a second
 * instance held the lock, every write froze the whole server for up to 5 s, kept and static pages
 * and `/readyz` included, one write after another. Here the connection's own timeout is zero and
 * a statement refused for the lock is tried again after a pause that lets everything else run,
 * for up to `sqliteBusyTimeoutMs`. Only a statement that changed nothing is tried again: one
 * outside a transaction, or the `begin immediate` that opens one.
 *
 * Once a wait has run out, the lock is taken to be held for long: later statements try once and
 * fail at once (answered 503 with Retry-After) instead of each waiting its 5 s in turn, until one
 * gets through (`/readyz` tries a write every second, so that is within a second of the lock's
 * release).
 */
class LockWaits {
  #heldLong = false;
  /** How long one statement waits for the lock in all. */
  waitMs = sqliteBusyTimeoutMs;
  constructor(private readonly sqlite: () => SQLite.Database | undefined) {}

  /** `inTransaction`: whether Kysely has a transaction open, whatever SQLite did with it after an error. */
  wrap(inner: DatabaseConnection, inTransaction: () => boolean): DatabaseConnection {
    return {
      executeQuery: async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
        // The clock is read and the statement looked at only once the lock has been met: every
        // other query (all of them, nearly always) goes straight through.
        let started: number | undefined;
        for (let pause = 2; ; pause = Math.min(pause * 2, 50)) {
          try {
            const result = await inner.executeQuery<R>(query);
            if (this.#heldLong && !isRead(query)) this.#heldLong = false;
            return result;
          } catch (error) {
            const retriable = isDatabaseBusy(error) && !inTransaction() && !this.sqlite()?.inTransaction;
            if (!retriable) throw error;
            started ??= performance.now();
            if (this.#heldLong || performance.now() - started + pause > this.waitMs) {
              this.#heldLong = true;
              throw error;
            }
          }
          await new Promise((resolve) => setTimeout(resolve, pause));
        }
      },
      streamQuery: <R>(query: CompiledQuery, chunkSize?: number) => inner.streamQuery<R>(query, chunkSize),
    };
  }
}

function isRead(query: CompiledQuery): boolean {
  return /^\s*(select|with|pragma)\b/i.test(query.sql);
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
  options: {
    onConnectionError?: (error: Error) => void;
    /** Told of every query, connection or ping that ran out of time (PostgreSQL), for the metrics. */
    onTimeout?: (error: Error) => void;
    /**
     * PostgreSQL: false lifts the limits on statements (not on connecting), for work that may
     * rightly run for minutes: migrations on a large site, a copy of the whole database.
     */
    queryLimits?: boolean;
  } = {},
): DatabaseHandle {
  const dialect = dialectOf(url);
  if (dialect === "postgres") {
    const onProblem = (error: Error) => options.onConnectionError?.(error);
    // Every query, connection and ping has a time limit (db/postgres-pool.server.ts): a database
    // that stops answering is found within seconds, and nothing waits on it for longer.
    const pool = createSilenceAwarePool(url, {
      onProblem,
      onTimeout: (error) => options.onTimeout?.(error),
      queryLimits: options.queryLimits,
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const location = url.replace(/\/\/([^:@/]+):[^@/]*@/, "//$1:***@");
    return {
      db,
      dialect,
      location,
      ping: pool.ping,
      poolStats: pool.stats,
      watchPublicChanges: () => postgresChanges(url, onProblem),
      close: () => db.destroy(),
    };
  }
  const file = sqliteFile(url);
  let connection: SQLite.Database | undefined;
  const lockWaits = new LockWaits(() => connection);
  const db = new Kysely<Database>({
    dialect: new ImmediateSqliteDialect(
      {
        database: async () => {
          connection = openSqlite(file);
          // Waits for another process's lock are made by LockWaits, without blocking the process.
          connection.pragma("busy_timeout = 0");
          return withStatementCache(connection);
        },
      },
      lockWaits,
    ),
  });
  return {
    db,
    dialect,
    location: file,
    // A read waits for Kysely's one connection, which a write waiting for another process's lock
    // holds for up to 5 s: the ping gives up sooner.
    ping: () => within(databaseTimeLimits.probeMs, isReachable(db), () => false),
    setLockWaitMs: (ms) => (lockWaits.waitMs = ms),
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
