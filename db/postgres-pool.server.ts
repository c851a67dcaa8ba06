import type net from "node:net";
import type { PostgresPool, PostgresPoolClient } from "kysely";
import pg from "pg";
import { within } from "../app/lib/within";

/**
 * How long the site waits for PostgreSQL (docs/decisions/031-database-time-limits.md). A
 * database or a network that goes silent (a frozen host, a firewall dropping packets, a failover
 * that leaves old connections open) closes nothing, so only a timer notices it; without these,
 * a request, the delivery worker and a shutdown each waited for an answer that never came.
 */
export const databaseTimeLimits = {
  /** The server cancels a statement that runs longer (a slow query: an error, the connection stays usable). */
  statementMs: 8_000,
  /** The client gives up on an answer after this: longer than the server's own limit, so only silence reaches it. */
  queryMs: 10_000,
  /** The server ends a session left inside a transaction this long, so a client cut off mid-transaction frees its row locks. */
  idleInTransactionMs: 15_000,
  /** A new connection, or a wait for a free one in the pool. */
  connectMs: 5_000,
  /** A ping: `select 1` on a connection of its own. */
  probeMs: 2_000,
  /** How long closing waits for connections to end politely before cutting them. */
  closeMs: 2_000,
};

/** Errors that mean PostgreSQL did not answer in time, as opposed to answering with an error. */
export function isSilence(error: unknown): boolean {
  const message = error instanceof Error ? error.message : "";
  return /^Query read timeout$|^Connection terminated due to connection timeout$/.test(message);
}

interface Generation {
  pool: pg.Pool;
  clients: Set<pg.Client>;
  retired: boolean;
}

export interface SilenceAwarePool extends PostgresPool {
  stats(): { total: number; idle: number; waiting: number };
  ping(): Promise<boolean>;
}

/** What a query gets at once while the database is known to be silent: unavailable, as node's own timeouts say. */
function silentError(): Error {
  return Object.assign(new Error("the database stopped answering; waiting until it answers again"), {
    code: "ETIMEDOUT",
  });
}

/** A query with its own time limit (node-postgres reads `query_timeout` per query; its types omit it). */
export function askWithin(client: pg.Client, text: string, ms: number) {
  return client.query({ text, query_timeout: ms } as pg.QueryConfig);
}

/** Ends a connection at once, without waiting for the other side (which may never answer). */
export function cut(client: pg.Client) {
  (client as unknown as { connection?: { stream?: net.Socket } }).connection?.stream?.destroy();
}

/**
 * Waits for `ending` (connections saying goodbye) for `closeMs`, then cuts `clients`: a connection
 * to a silent database would wait for its goodbye to be answered, and hold up a shutdown.
 */
export async function endWithin(ending: Promise<unknown>, clients: Iterable<pg.Client>) {
  const ended = await within(
    databaseTimeLimits.closeMs,
    ending.then(
      () => true,
      () => true,
    ),
    () => false,
  );
  if (!ended) for (const client of clients) cut(client);
}

/** What every connection to PostgreSQL is opened with: a limit on connecting, and TCP keepalive. */
export function connectionConfig(url: string): pg.ClientConfig {
  return {
    connectionString: url,
    connectionTimeoutMillis: databaseTimeLimits.connectMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  };
}

/**
 * A pg pool for Kysely that notices silence. Every connection has the limits above. When a query
 * or a ping gets no answer in time, the connections in use are all on the path that went silent:
 * the pool is retired and every one of its connections cut, so requests waiting on them fail at
 * once (and are answered 503) instead of each waiting out its own timer. Until a ping is answered
 * again, a query fails at once; a ping is tried every second meanwhile, so writes work again
 * within about a second of the database answering, with no restart.
 */
export function createSilenceAwarePool(
  url: string,
  {
    onProblem,
    onTimeout,
    queryLimits = true,
  }: { onProblem: (error: Error) => void; onTimeout: (error: Error) => void; queryLimits?: boolean },
): SilenceAwarePool {
  const clientConfig = {
    ...connectionConfig(url),
    ...(queryLimits && {
      statement_timeout: databaseTimeLimits.statementMs,
      query_timeout: databaseTimeLimits.queryMs,
      idle_in_transaction_session_timeout: databaseTimeLimits.idleInTransactionMs,
    }),
  };

  const generation = (): Generation => {
    const pool = new pg.Pool({ ...clientConfig, max: 10 });
    const clients = new Set<pg.Client>();
    // An idle connection can be cut (a database restart, a failover, an administrator). Unhandled,
    // that event would end the process; the pool replaces the connection on the next query.
    pool.on("error", (error) => onProblem(error));
    pool.on("connect", (client) => {
      clients.add(client);
      // A connection can also drop while checked out between two queries; its client must not be
      // left without a listener either.
      client.on("error", (error) => onProblem(error));
      client.once("end", () => clients.delete(client));
    });
    return { pool, clients, retired: false };
  };

  let current = generation();
  /** Set while the database is known to be silent: queries fail at once until a ping is answered. */
  let silent = false;
  let closed = false;
  let pingClient: pg.Client | undefined;
  let pinging: Promise<boolean> | undefined;
  let retryTimer: NodeJS.Timeout | undefined;

  /**
   * `from`: the pool the silent connection belonged to. A connection of a pool already retired
   * (one still being made when its pool was retired, whose answer ran out later) says nothing of
   * the pool that replaced it.
   */
  function retire(error: Error, from: Generation = current) {
    onTimeout(error);
    if (closed || from !== current) return;
    const old = current;
    if (!old.retired) {
      old.retired = true;
      current = generation();
      for (const client of old.clients) cut(client);
      old.pool.end().catch(() => undefined);
    }
    if (!silent) {
      silent = true;
      onProblem(new Error(`the database stopped answering (${error.message})`));
      pingSoon();
    }
  }

  function pingSoon() {
    if (closed || !silent || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void ping().then(() => pingSoon());
    }, 1_000);
    retryTimer.unref();
  }

  /** A connection (made if needed) and `select 1` on it, within `probeMs` in all. */
  async function pingOnce(): Promise<boolean> {
    const deadline = Date.now() + databaseTimeLimits.probeMs;
    try {
      if (!pingClient) {
        const next = new pg.Client({ ...clientConfig, connectionTimeoutMillis: databaseTimeLimits.probeMs });
        next.on("error", () => undefined);
        next.once("end", () => {
          if (pingClient === next) pingClient = undefined;
        });
        pingClient = next;
        await next.connect();
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error("Query read timeout");
      await askWithin(pingClient, "select 1", left);
      silent = false;
      return true;
    } catch (error) {
      const failed = pingClient;
      pingClient = undefined;
      if (failed) cut(failed);
      if (isSilence(error)) retire(error as Error);
      return false;
    }
  }

  function ping(): Promise<boolean> {
    if (closed) return Promise.resolve(false);
    pinging ??= pingOnce().finally(() => (pinging = undefined));
    return pinging;
  }

  return {
    async connect(): Promise<PostgresPoolClient> {
      if (silent) throw silentError();
      const from = current;
      const client = await from.pool.connect().catch((error: unknown) => {
        // No free connection, or no new one, in time: counted, but not taken for silence on its own
        // (a pool busy with slow work looks the same); the ping decides.
        if (error instanceof Error && /timeout/i.test(error.message)) onTimeout(error);
        throw error;
      });
      let broken = false;
      const query = ((...args: Parameters<pg.PoolClient["query"]>) => {
        const result = (client.query as (...a: unknown[]) => unknown)(...args);
        if (result instanceof Promise)
          return result.catch((error: unknown) => {
            if (isSilence(error)) {
              broken = true;
              retire(error as Error, from);
            }
            throw error;
          });
        return result;
      }) as PostgresPoolClient["query"];
      return { query, release: () => client.release(broken || from.retired ? true : undefined) };
    },
    ping,
    stats: () => ({
      total: current.pool.totalCount,
      idle: current.pool.idleCount,
      waiting: current.pool.waitingCount,
    }),
    async end() {
      closed = true;
      clearTimeout(retryTimer);
      if (pingClient) cut(pingClient);
      await endWithin(current.pool.end(), current.clients);
    },
  };
}
