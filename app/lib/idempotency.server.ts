import { createHash } from "node:crypto";
import { data } from "react-router";
import { db } from "./db.server";
import { log } from "./logger.server";

/**
 * The optional `Idempotency-Key` header of the JSON API (POST /api/contact, /api/orders,
 * /api/testimonials), as the IETF draft "The Idempotency-Key HTTP Header Field" describes it
 * (docs/decisions/021-exactly-once.md). A client that cannot tell whether its request arrived
 * sends it again with the same key and gets the first answer again, status and body, with nothing
 * stored twice. Without the header nothing changes: the spec's clients send none.
 *
 * - A key is 1 to 200 printable ASCII characters, counted per endpoint; anything else is a 400.
 * - The same key with a different body (compared by SHA-256) is a 422: it is a client's mistake,
 *   and answering the first outcome would tell it something it did not ask.
 * - The key's row is inserted before the submission is handled, and the primary key lets only one
 *   insert win: of requests sent at once with one key, one is handled and the others wait for its
 *   answer (up to `waitMs`), then are told with a 409 that it is still in progress.
 * - Only answers that the same body would get again are kept: a success and a refusal of the body
 *   (4xx). A 429 or a 5xx is forgotten, so the client's retry is handled afresh.
 * - Keys are purged a day after they arrived (`purgeIdempotencyKeys`, run by the daily purge).
 */
export type IdempotentEndpoint = "contact" | "orders" | "testimonials";

type Answer<D> = ReturnType<typeof data<D>>;

/** What the header refuses, in the shape of the API's other refusals. */
interface KeyRefusal {
  ok: false;
  problem: "invalid" | "conflict" | "unavailable";
  errors: Record<string, string>;
  error: string;
}

const keyPattern = /^[\x20-\x7e]{1,200}$/;
/** How long a repeat waits for the first request with its key to be answered. */
const waitMs = 3_000;
const pollMs = 25;
/**
 * A row still pending after this is taken to be left by a process that stopped mid-request, and a
 * repeat may take it over. Nothing ends a handler that runs longer: `serverTimeouts` (server/app.ts)
 * bounds only how long a client takes to send its request, and nginx's 30 s stops only the wait
 * for the answer. The minute assumes that handling a submission, a few short transactions (on
 * SQLite each waits at most the busy timeout, 5 s, for the lock), always ends well before it; one
 * that ran longer could be taken over and its submission stored twice.
 */
const abandonedAfterMs = 60_000;
/** How long a key is remembered. */
export const idempotencyKeyTtlMs = 24 * 60 * 60_000;

function refuse(status: number, problem: KeyRefusal["problem"], error: string, headers?: HeadersInit): Answer<KeyRefusal> {
  return data({ ok: false, problem, errors: {}, error } satisfies KeyRefusal, { status, headers });
}

/** Whether the same body sent again would get this answer again (so a repeat may be told it). */
function isRemembered(status: number): boolean {
  return status < 500 && status !== 429;
}

/**
 * Answers `run()` for a request without a key; with one, answers the first outcome for that key
 * and body, running `run()` only for the first. The one helper the three API routes share.
 */
export async function withIdempotencyKey<A extends Answer<unknown>>(request: Request, endpoint: IdempotentEndpoint, run: () => Promise<A>): Promise<A | Answer<KeyRefusal>> {
  const key = request.headers.get("Idempotency-Key");
  if (key === null) return run();
  if (!keyPattern.test(key)) return refuse(400, "invalid", "The Idempotency-Key header must be 1 to 200 printable ASCII characters.");
  const bodyHash = createHash("sha256")
    .update(new Uint8Array(await request.clone().arrayBuffer()))
    .digest("base64url");

  const deadline = Date.now() + waitMs;
  // The INSERT is a write: on SQLite it takes the file's one write lock and may wait for it. It is
  // sent once, and again only when the row it lost to is gone; waiting reads the row alone.
  const claim = async () =>
    (await db()
      .insertInto("idempotency_keys")
      .values({ endpoint, key, body_hash: bodyHash, status: null, response: null, created_at: new Date().toISOString() })
      .onConflict((oc) => oc.columns(["endpoint", "key"]).doNothing())
      .returning("key")
      .executeTakeFirst()) !== undefined;
  try {
    let claimed = await claim();
    while (!claimed) {
      const row = await db().selectFrom("idempotency_keys").selectAll().where("endpoint", "=", endpoint).where("key", "=", key).executeTakeFirst();
      if (!row) {
        // The first request was answered with something not kept (a 503), and this one may try again.
        claimed = await claim();
        continue;
      }
      if (row.body_hash !== bodyHash) {
        return refuse(422, "invalid", "This Idempotency-Key was already used with a different request body. Send a new key for a new request.");
      }
      if (row.status !== null) {
        return data(JSON.parse(row.response ?? "null") as unknown, { status: row.status, headers: { "Idempotent-Replayed": "true" } }) as A;
      }
      if (Date.now() - Date.parse(row.created_at) > abandonedAfterMs) {
        await db().deleteFrom("idempotency_keys").where("endpoint", "=", endpoint).where("key", "=", key).where("status", "is", null).where("created_at", "=", row.created_at).execute();
        claimed = await claim();
        continue;
      }
      if (Date.now() >= deadline) {
        return refuse(409, "conflict", "A request with this Idempotency-Key is in progress. Send it again in a moment to get its answer.", { "Retry-After": "1" });
      }
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  } catch (error) {
    log.error("could not read or claim an idempotency key", { error, endpoint });
    return refuse(503, "unavailable", "The request could not be handled just now. Please send it again with the same Idempotency-Key.");
  }

  const forget = () => db().deleteFrom("idempotency_keys").where("endpoint", "=", endpoint).where("key", "=", key).where("status", "is", null).execute();
  let answer: A;
  try {
    answer = await run();
  } catch (error) {
    await forget().catch(() => undefined);
    throw error;
  }
  const status = answer.init?.status ?? 200;
  try {
    if (isRemembered(status)) {
      await db().updateTable("idempotency_keys").set({ status, response: JSON.stringify(answer.data) }).where("endpoint", "=", endpoint).where("key", "=", key).execute();
    } else {
      await forget();
    }
  } catch (error) {
    // The outcome stands (a success is stored); a repeat waits, then may run again once the row is abandoned.
    log.error("could not record the answer to an idempotency key", { error, endpoint });
  }
  return answer;
}

/** Forgets keys older than a day: part of the daily purge (server/app.ts). */
export async function purgeIdempotencyKeys(now = Date.now()) {
  await db()
    .deleteFrom("idempotency_keys")
    .where("created_at", "<", new Date(now - idempotencyKeyTtlMs).toISOString())
    .execute();
}
