import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import { redirect } from "react-router";
import type { Database } from "#db/schema";
import { db, unrecorded } from "./db.server";
import { setFlash } from "./flash.server";
import { ticketField, ticketLifetimeMs } from "./form-ticket";
import { type FillStart, pickFields } from "./forms";
import { type Busy, type Outcome, type Sent, sendOnce, type TicketedForm } from "./idempotency.server";
import type { PublicFormResult } from "./public-form.server";

/**
 * The ticket every render of a public form carries in its hidden `ticket` field: when this visitor
 * was served the form, and the one-time key that makes its submission count once
 * (docs/decisions/022-form-tickets.md).
 *
 * `t1.<issued, ms since 1970 in base 36>.<key, 16 random bytes>.<HMAC-SHA256 of the rest, 16 bytes>`
 *
 * - Issued per response, also for a page served from memory (server/page-cache.ts puts a fresh
 *   ticket into each copy it sends), so a fill time measures this visitor, not the first render.
 * - Signed with a secret every instance reads from the database, so one instance reads what
 *   another issued, and an earlier time cannot be written in to make a fast fill look slow.
 * - A page that refuses a submission sends the same ticket back in its form: fixing a mistake
 *   never restarts the clock, and the key stays the same until a submission is stored.
 */

/** Instances' clocks may differ a little; a ticket from further ahead than this was not issued here. */
const clockSkewMs = 60_000;
const version = "t1";
/** What `issue` writes: the version, the time, then 16 bytes of key and 16 of MAC in base64url. */
const ticketShape = /^t1\.[0-9a-z]{1,11}\.[\w-]{22}\.[\w-]{22}$/;
const macBytes = 16;
const secretName = "form-ticket";

export type TicketReading =
  | { state: "valid"; issuedAt: number; key: string }
  | { state: "missing" | "forged" }
  | { state: "expired"; issuedAt: number; key: string };

export interface Tickets {
  issue(now?: number): string;
  read(value: unknown, now?: number): TicketReading;
}

function mac(secret: Buffer, body: string): Buffer {
  return createHmac("sha256", secret).update(body).digest().subarray(0, macBytes);
}

/** Issues and reads tickets signed with `secret` (the database's, or a test's own). */
export function ticketsWith(secret: Buffer): Tickets {
  return {
    issue(now = Date.now()) {
      const body = `${version}.${now.toString(36)}.${randomBytes(16).toString("base64url")}`;
      return `${body}.${mac(secret, body).toString("base64url")}`;
    },
    read(value, now = Date.now()) {
      if (typeof value !== "string" || value === "") return { state: "missing" };
      if (!ticketShape.test(value)) return { state: "forged" };
      const parts = value.split(".");
      const given = Buffer.from(parts[3] ?? "", "base64url");
      const expected = mac(secret, parts.slice(0, 3).join("."));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { state: "forged" };
      const issuedAt = parseInt(parts[1] ?? "", 36);
      if (issuedAt > now + clockSkewMs) return { state: "forged" };
      const key = parts[2] ?? "";
      if (now - issuedAt > ticketLifetimeMs) return { state: "expired", issuedAt, key };
      return { state: "valid", issuedAt, key };
    },
  };
}

/** The database's secret, made by whichever instance asks first; every later one reads that. */
async function loadSecret(database: Kysely<Database>): Promise<Buffer> {
  await database
    .insertInto("site_secrets")
    .values({ name: secretName, value: randomBytes(32).toString("base64url"), created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const row = await database
    .selectFrom("site_secrets")
    .select("value")
    .where("name", "=", secretName)
    .executeTakeFirstOrThrow();
  return Buffer.from(row.value, "base64url");
}

/** Per database handle, so tests that switch databases read each one's own secret. */
const loaded = new WeakMap<Kysely<Database>, Promise<Tickets>>();

/**
 * The tickets of the process's database (read once; a failed read is tried again next time). The
 * secret is no part of what a page shows, so the page cache's record of what a route reads leaves
 * it out (`unrecorded`).
 */
export function formTickets(): Promise<Tickets> {
  return unrecorded(() => {
    const database = db();
    let tickets = loaded.get(database);
    if (!tickets) {
      tickets = loadSecret(database).then(ticketsWith);
      tickets.catch(() => loaded.delete(database));
      loaded.set(database, tickets);
    }
    return tickets;
  });
}

/** What a reading of a page form's ticket says of when the person began (forms.ts, assessSpam). */
export function fillStartOf(reading: TicketReading): FillStart {
  switch (reading.state) {
    case "valid":
      return { kind: "shown", at: reading.issuedAt };
    case "expired":
      return { kind: "unverified", detail: "The form was shown more than a week before it was sent." };
    case "missing":
      return { kind: "unverified", detail: "Sent without the start time this site puts in its forms." };
    case "forged":
      return { kind: "unverified", detail: "Sent with a start time this site did not issue." };
  }
}

/** What a post with a used key and other fields says of when its fill began: nothing. */
const reusedStart: FillStart = {
  kind: "unverified",
  detail: "Sent again, changed, from a form that had already been sent once.",
};

/**
 * A page form's post: read its ticket, and submit it once per ticket (`sendOnce`), measuring the
 * fill from when this visitor was served the form. `fields`: the fields that make two posts the
 * same post (the form's own, not its ticket). `ticket` is what a page that refuses the post puts
 * back in its form: the same ticket while it is good for the corrected post (so the clock and the
 * key carry over), a new one when it never was (missing, forged, expired or already used).
 */
export async function submitTicketed<Failed>(
  form: TicketedForm,
  values: Record<string, unknown>,
  fields: readonly string[],
  submit: (start: FillStart) => Promise<Outcome<Failed>>,
): Promise<(Outcome<Failed> | Busy) & { ticket: string }> {
  const tickets = await formTickets();
  const given = values[ticketField];
  const reading = tickets.read(given);
  // An expired ticket is still one this site issued: its key still tells a repeat from a new post.
  const key = reading.state === "valid" || reading.state === "expired" ? reading.key : undefined;
  let carried = reading.state === "valid";
  const outcome = await sendOnce(form, key, pickFields(values, fields), (fresh) => {
    carried = fresh && reading.state === "valid";
    return submit(fresh || !key ? fillStartOf(reading) : reusedStart);
  });
  return { ...outcome, ticket: carried ? String(given) : tickets.issue() };
}

/** The answer to a stored submission (or a repeat of it): to its confirmation, with its notice. */
export function redirectToSent(sent: Sent) {
  return redirect(sent.location, { status: 303, headers: { "Set-Cookie": setFlash(sent.notice, sent.id) } });
}

/**
 * The answer to a repeat of a post that is still being handled after the repeat waited for it
 * (`sendOnce`): the site cannot say yet, so it asks for another try in a moment, which gets the
 * first post's outcome.
 */
export const stillSending = {
  ok: false,
  status: 503,
  problem: "unavailable",
  errors: {},
  retryAfter: 1,
} as const satisfies PublicFormResult;
