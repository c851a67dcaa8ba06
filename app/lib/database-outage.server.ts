import { getDatabase } from "./db.server";
import { log } from "./logger.server";

/**
 * Whether the database is away (stopped, restarting, unreachable, its disk gone), as this process
 * last found it. A request that fails for that reason marks it away, and from then on a probe asks
 * the database once a second until it answers: meanwhile pages are answered 503 with Retry-After
 * (app/entry.server.tsx), the API's reads a JSON 503 (server/app.ts), and the page cache serves
 * the copies it kept (server/page-cache.ts). The first probe runs at once, so a lost connection
 * that the pool replaces at the next query marks nothing away for longer than that query.
 */

/** What a client is told to wait before asking again, in seconds. */
export const outageRetryAfterSeconds = 30;

/** The API's answer while the database is away. */
export const outageMessage = "The site cannot answer just now. Please try again in a moment.";

/** Network and server codes that mean the database could not be reached, not that a query was wrong. */
const unreachableCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  // PostgreSQL: connection exceptions (08…), shutting down or starting (57P01–57P03), too many
  // connections, and a database that is not there (dropped, or not yet restored).
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
  "57P01",
  "57P02",
  "57P03",
  "53300",
  "3D000",
]);

/** What node-postgres says, without a code, when a connection ends or cannot be made in time. */
const unreachableMessages =
  /connection terminated|timeout exceeded when trying to connect|connection ended unexpectedly|client has encountered a connection error|cannot use a pool after calling end|not queryable|query read timeout/i;

/** Whether an error (or what it wraps) says the database is unreachable or cannot store anything. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 4) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === "string") {
    if (unreachableCodes.has(code)) return true;
    // SQLite: the file cannot be opened, read or written (its disk is gone, full or read-only).
    if (/^SQLITE_(CANTOPEN|IOERR|FULL|READONLY)/.test(code)) return true;
  }
  if (typeof message === "string" && unreachableMessages.test(message)) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

let away = false;
let probing = false;
let probe: () => Promise<boolean> = () => getDatabase().ping();

/** Tests replace the probe. */
export function setDatabaseProbe(next: () => Promise<boolean>) {
  probe = next;
}

/** Whether the database was last found away and has not answered a probe since. */
export function databaseAway(): boolean {
  return away;
}

/**
 * Looks at an error a request met: one that says the database is away marks it so and starts the
 * probe. Returns whether it did.
 */
export function noteDatabaseError(error: unknown): boolean {
  if (!isDatabaseUnavailable(error)) return false;
  markAway(String(error));
  return true;
}

/**
 * A connection was lost (a database restart, a cut network): asks the database at once, and marks
 * it away if it does not answer, before the next request has to find out.
 */
export async function checkDatabaseNow(): Promise<void> {
  if (away || probing) return;
  if (!(await probe())) markAway();
}

function markAway(error?: string) {
  if (!away) log.warn("the database is away; answering 503 until it is back", error ? { error } : undefined);
  away = true;
  void probeUntilBack();
}

async function probeUntilBack() {
  if (probing) return;
  probing = true;
  try {
    for (let first = true; ; first = false) {
      if (!first) await new Promise((resolve) => setTimeout(resolve, 1_000).unref());
      if (await probe()) break;
    }
    away = false;
    log.info("the database is back");
  } finally {
    probing = false;
  }
}

/** The API's answer while the database is away: JSON, 503, and when to ask again. */
export function outageJson(): Response {
  return Response.json(
    { error: outageMessage },
    { status: 503, headers: { "Retry-After": String(outageRetryAfterSeconds), "Cache-Control": "no-store" } },
  );
}
