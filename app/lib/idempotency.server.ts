import { createHash } from "node:crypto";
import { data } from "react-router";
import { db } from "./db.server";
import type { FlashKey } from "./flash";
import { ticketLifetimeMs } from "./form-ticket";
import { log } from "./logger.server";

/**
 * The optional `Idempotency-Key` header of the JSON API (POST /api/contact, /api/orders,
 * /api/testimonials), as the IETF draft "The Idempotency-Key HTTP Header Field" describes it
 * (docs/decisions/021-exactly-once.md). A client that cannot tell whether its request arrived
 * sends it again with the same key and gets the first answer again, status and body, with nothing
 * stored twice. Without the header nothing changes: the clients of docs/requirements.md §5 send none.
 *
 * - A key is 1 to 200 printable ASCII characters, counted per endpoint and per client address;
 *   anything else is a 400. A key is the client's own: another client's earlier use of the same
 *   key (a guessed or copied one) never refuses or answers a request from this one, which is
 *   handled and stored as if the key were new. A client's retry comes from its own address; one
 *   that moved to another address in between is handled afresh, as it would be without a key.
 *   Clients behind one address (a NAT) share its keys, as they share its rate limit: a key is
 *   meant to be random (a UUID), and two such clients do not pick the same one.
 * - The same key with a different body (compared by SHA-256) from the same address is a 422: it is
 *   a client's mistake, and answering the first outcome would tell it something it did not ask.
 * - The key's row is inserted before the submission is handled, and the primary key lets only one
 *   insert win: of requests sent at once with one key, one is handled and the others wait for its
 *   answer (up to `waitMs`), then are told with a 409 that it is still in progress.
 * - Only answers that the same body would get again are kept: a success and a refusal of the body
 *   (4xx). A 429 or a 5xx is forgotten, so the client's retry is handled afresh.
 * - Keys are purged a day after they arrived (`purgeIdempotencyKeys`, run by the daily purge).
 */
const idempotentEndpoints = ["contact", "orders", "testimonials"] as const;
export type IdempotentEndpoint = (typeof idempotentEndpoints)[number];
/** Keys count per endpoint: an API route's, or a page form's (`sendOnce`). */
type KeyEndpoint = IdempotentEndpoint | TicketedForm;

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

function refuse(
  status: number,
  problem: KeyRefusal["problem"],
  error: string,
  headers?: HeadersInit,
): Answer<KeyRefusal> {
  return data({ ok: false, problem, errors: {}, error } satisfies KeyRefusal, { status, headers });
}

/** Whether the same body sent again would get this answer again (so a repeat may be told it). */
function isRemembered(status: number): boolean {
  return status < 500 && status !== 429;
}

/** What the first request with a key left for a later one with the same key. */
type Claim =
  | { kind: "claimed" }
  | { kind: "answered"; status: number; response: string | null }
  | { kind: "other-body" }
  | { kind: "busy" };

/**
 * Claims `key` for this request, or tells what the first request with it left: its answer (same
 * body), another body, or nothing yet after waiting `waitMs` (busy). Throws when the database does.
 */
async function claimKey(endpoint: KeyEndpoint, key: string, bodyHash: string): Promise<Claim> {
  const deadline = Date.now() + waitMs;
  // The INSERT is a write: on SQLite it takes the file's one write lock and may wait for it. It is
  // sent once, and again only when the row it lost to is gone; waiting reads the row alone.
  const claim = async () =>
    (await db()
      .insertInto("idempotency_keys")
      .values({
        endpoint,
        key,
        body_hash: bodyHash,
        status: null,
        response: null,
        created_at: new Date().toISOString(),
      })
      .onConflict((oc) => oc.columns(["endpoint", "key"]).doNothing())
      .returning("key")
      .executeTakeFirst()) !== undefined;
  for (;;) {
    if (await claim()) return { kind: "claimed" };
    for (;;) {
      const row = await db()
        .selectFrom("idempotency_keys")
        .selectAll()
        .where("endpoint", "=", endpoint)
        .where("key", "=", key)
        .executeTakeFirst();
      // The first request was answered with something not kept (a 503), and this one may try again.
      if (!row) break;
      if (row.body_hash !== bodyHash) return { kind: "other-body" };
      if (row.status !== null) return { kind: "answered", status: row.status, response: row.response };
      if (Date.now() - Date.parse(row.created_at) > abandonedAfterMs) {
        await db()
          .deleteFrom("idempotency_keys")
          .where("endpoint", "=", endpoint)
          .where("key", "=", key)
          .where("status", "is", null)
          .where("created_at", "=", row.created_at)
          .execute();
        break;
      }
      if (Date.now() >= deadline) return { kind: "busy" };
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }
}

/** Keeps the answer for the key's repeats; a failure is logged, and the outcome stands. */
async function recordAnswer(endpoint: KeyEndpoint, key: string, status: number, response: unknown) {
  try {
    await db()
      .updateTable("idempotency_keys")
      .set({ status, response: JSON.stringify(response) })
      .where("endpoint", "=", endpoint)
      .where("key", "=", key)
      .execute();
  } catch (error) {
    // A repeat waits, then may run again once the row is abandoned (decision 021).
    log.error("could not record the answer to an idempotency key", { error, endpoint });
  }
}

/** Lets the key's next request be handled afresh (the answer was not one to repeat). */
async function forgetKey(endpoint: KeyEndpoint, key: string) {
  await db()
    .deleteFrom("idempotency_keys")
    .where("endpoint", "=", endpoint)
    .where("key", "=", key)
    .where("status", "is", null)
    .execute()
    .catch((error: unknown) => log.error("could not forget an idempotency key", { error, endpoint }));
}

const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("base64url");

/**
 * The key as stored: the client's address (as a hash, never the address itself) before the key the
 * client sent, so that each client's keys are its own.
 */
function clientKey(key: string, client: string): string {
  return `${sha256(`idempotency-client:${client}`).slice(0, 22)}:${key}`;
}

/**
 * Answers `run()` for a request without a key; with one, answers the first outcome for that key,
 * body and client address (`client`), running `run()` only for the first. The one helper the three API routes share.
 */
export async function withIdempotencyKey<A extends Answer<unknown>>(
  request: Request,
  endpoint: IdempotentEndpoint,
  client: string,
  run: () => Promise<A>,
): Promise<A | Answer<KeyRefusal>> {
  const sent = request.headers.get("Idempotency-Key");
  if (sent === null) return run();
  if (!keyPattern.test(sent))
    return refuse(400, "invalid", "The Idempotency-Key header must be 1 to 200 printable ASCII characters.");
  const key = clientKey(sent, client);
  const bodyHash = sha256(new Uint8Array(await request.clone().arrayBuffer()));

  let claim: Claim;
  try {
    claim = await claimKey(endpoint, key, bodyHash);
  } catch (error) {
    log.error("could not read or claim an idempotency key", { error, endpoint });
    return refuse(
      503,
      "unavailable",
      "The request could not be handled just now. Please send it again with the same Idempotency-Key.",
    );
  }
  if (claim.kind === "other-body") {
    return refuse(
      422,
      "invalid",
      "This Idempotency-Key was already used with a different request body. Send a new key for a new request.",
    );
  }
  if (claim.kind === "answered") {
    return data(JSON.parse(claim.response ?? "null") as unknown, {
      status: claim.status,
      headers: { "Idempotent-Replayed": "true" },
    }) as A;
  }
  if (claim.kind === "busy") {
    return refuse(
      409,
      "conflict",
      "A request with this Idempotency-Key is in progress. Send it again in a moment to get its answer.",
      { "Retry-After": "1" },
    );
  }

  let answer: A;
  try {
    answer = await run();
  } catch (error) {
    await forgetKey(endpoint, key);
    throw error;
  }
  const status = answer.init?.status ?? 200;
  if (isRemembered(status)) await recordAnswer(endpoint, key, status, answer.data);
  else await forgetKey(endpoint, key);
  return answer;
}

/** What a page form's post came to: stored (and where its answer sends the browser), or refused. */
export type Outcome<Failed> = { sent: Sent; failed?: never } | { failed: Failed; sent?: never };

/** A repeat of a post whose first is still being handled after the repeat waited for it. */
export interface Busy {
  busy: true;
  sent?: never;
  failed?: never;
}

/**
 * A page form whose submissions count once per ticket (form-ticket.server.ts), named after its
 * feature: "contact-form", "order-form", "review-form". Its keys never mix with an API route's.
 */
export type TicketedForm = `${string}-form`;

/** Where a stored submission's answer sends the browser, and the one-time notice it sets there. */
export interface Sent {
  location: string;
  notice: FlashKey;
  /** The notice's id, where the page shows it (an order's reference); otherwise a new one each time. */
  id?: string;
}

/**
 * A page form's post, handled once per one-time key (its ticket's): the first post with a key is
 * run; a repeat of it with the same fields (a reload of the post, a double click, a resend from
 * history or after a dropped connection) gets the first `Sent` again and stores nothing. Only a
 * stored submission uses the key up: a refused one (a mistake, the rate limit, a failure) leaves
 * it for the corrected post, which the page sends with the same ticket.
 *
 * A post with a used key and other fields is a person who went back and changed the form: it is
 * run as a submission of its own, with `run(false)`: its ticket no longer tells when this fill
 * began; it too counts once for those fields. A form with no ticket of this site's is run with
 * `run(false)`, with no key to count by.
 */
export async function sendOnce<Failed>(
  form: TicketedForm,
  key: string | undefined,
  fields: Record<string, unknown>,
  run: (fresh: boolean) => Promise<Outcome<Failed>>,
): Promise<Outcome<Failed> | Busy> {
  if (key === undefined) return run(false);
  const fieldsHash = sha256(JSON.stringify(Object.entries(fields).sort(([a], [b]) => (a < b ? -1 : 1))));
  const first = await onceFor(form, key, fieldsHash, () => run(true));
  if (first !== "other-body") return first;
  // Changed fields under a used key count once too, under the key and their own hash: the same
  // changed form sent twice (a double click, a retry) is still one submission.
  const changed = await onceFor(form, `${key}.${fieldsHash}`, fieldsHash, () => run(false));
  return changed === "other-body" ? run(false) : changed;
}

/** `run` once for `key` and these fields: its outcome, the first one's again, or "other-body" if the key went with other fields. */
async function onceFor<Failed>(
  form: TicketedForm,
  key: string,
  fieldsHash: string,
  run: () => Promise<Outcome<Failed>>,
): Promise<Outcome<Failed> | Busy | "other-body"> {
  // A database that cannot be read here cannot store the submission either: run it, and let its
  // own failure answer (nothing is lost by handling it without the key).
  const claim = await claimKey(form, key, fieldsHash).catch((error: unknown) => {
    log.error("could not read or claim a form's one-time key", { error, form });
    return undefined;
  });
  if (!claim) return run();
  if (claim.kind === "other-body") return "other-body";
  if (claim.kind === "answered") return { sent: JSON.parse(claim.response ?? "null") as Sent };
  if (claim.kind === "busy") return { busy: true };

  let outcome: Outcome<Failed>;
  try {
    outcome = await run();
  } catch (error) {
    await forgetKey(form, key);
    throw error;
  }
  if (outcome.sent) await recordAnswer(form, key, 303, outcome.sent);
  else await forgetKey(form, key);
  return outcome;
}

/**
 * Forgets an API key a day after it arrived, and a page form's a day after its ticket can no
 * longer be used (a week), so a resend from history is known for as long as the ticket is good.
 * Part of the daily purge (server/app.ts).
 */
export async function purgeIdempotencyKeys(now = Date.now()) {
  await db()
    .deleteFrom("idempotency_keys")
    .where((eb) =>
      eb.or([
        eb.and([
          eb("endpoint", "in", idempotentEndpoints),
          eb("created_at", "<", new Date(now - idempotencyKeyTtlMs).toISOString()),
        ]),
        eb("created_at", "<", new Date(now - ticketLifetimeMs - idempotencyKeyTtlMs).toISOString()),
      ]),
    )
    .execute();
}
