import { addressBlock } from "~/lib/address-block.server";
import { getConfig } from "~/lib/config.server";
import { cookieName, cookieValues, siteCookies } from "~/lib/cookies";
import { clearCookie, setCookie } from "~/lib/cookies.server";
import { db } from "~/lib/db.server";
import { hitRateLimit } from "~/lib/rate-limit.server";
import { bodyLimitFor, MAX_BODY_BYTES, MAX_LONG_FORM_FIELDS, readForm } from "~/lib/request.server";
import { type Ability, can, type Role } from "~/lib/staff";
import { hashToken, isTokenShape, newToken } from "./tokens.server";

/**
 * Posts held for their person to sign in again: a staff form sent after its session ended (30
 * minutes idle, 12 hours, signed out elsewhere) or before its second step is kept, and its page
 * shows it again, filled and not saved, once they are back (docs/staff.md, "Sessions"). The browser
 * holds a random id in an HttpOnly, SameSite=Strict cookie; the table holds its hash, as sessions
 * do, so neither a copy of the database nor a guess gives anyone else's post back.
 *
 * Anyone can post to a staff page without a session, so what is held is bounded on every side: a
 * body no larger than the server accepts, a few posts an hour from one address, a cap on the rows
 * held at once, and nothing kept past a few hours (purged on every hold and by the daily purge).
 */

/** How long a post is held: long enough to sign in again, with the second step; the cookie lasts as long. */
export const heldPostLifetimeMs = siteCookies.held.maxAgeSeconds * 1000;

/** How many posts one address may have held in an hour: a person whose session ended sends a form once or twice. */
export const heldPostsPerAddress = { limit: 10, windowSeconds: 60 * 60 };

/**
 * The most posts held at once, site-wide: each at most MAX_BODY_BYTES, a few tens of MB at worst,
 * except a content item's form posted by a known person, up to MAX_CONTENT_BODY_BYTES.
 */
export const maxHeldPosts = 1_000;

/** The most ids one browser's cookie carries: a form in each of a few tabs, sent after the session ended. */
export const maxHeldPerBrowser = 5;

/** The longest page path held: every staff page's is far shorter. */
const maxPathLength = 300;

export type HoldOutcome =
  { held: true; token: string } | { held: false; reason: "too-large" | "rate-limited" | "full" };

/**
 * Holds a form's fields (URL-encoded) for the page `path`, and returns the id for the browser's
 * cookie; or says why not: larger than a body the server accepts, too many from this address
 * lately, or too many held at once. `accountId` is the person whose session ended, when known:
 * only they get it back.
 */
export async function holdPost(
  post: { path: string; body: string; accountId: string | null; address: string },
  now = Date.now(),
): Promise<HoldOutcome> {
  // A form as large as the page takes, when it was its own person's (their session ended); a
  // post no session is known for, at most a small form's body.
  const largest = post.accountId ? bodyLimitFor(post.path) : MAX_BODY_BYTES;
  if (Buffer.byteLength(post.body) > largest || post.path.length > maxPathLength)
    return { held: false, reason: "too-large" };
  const { limit, windowSeconds } = heldPostsPerAddress;
  const rate = await hitRateLimit(`held-post:${addressBlock(post.address)}`, limit, windowSeconds, now);
  if (!rate.allowed) return { held: false, reason: "rate-limited" };
  await purgeHeldPosts(now);
  const { count } = await db()
    .selectFrom("held_posts")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  if (Number(count) >= maxHeldPosts) return { held: false, reason: "full" };
  const token = newToken();
  await db()
    .insertInto("held_posts")
    .values({
      id_hash: hashToken(token),
      path: post.path,
      body: post.body,
      account_id: post.accountId,
      created_at: new Date(now).toISOString(),
    })
    .execute();
  return { held: true, token };
}

/**
 * The post held under one of `tokens` for `path`, taken (deleted) as it is read, so it is shown
 * once; the newest when there are several. Only for a person whose role holds `ability` (the kind
 * of work the page is), and who is the one whose session ended when that was known. Also returns
 * the tokens whose posts are still held, for the cookie.
 */
export async function takeHeldPost(
  tokens: readonly string[],
  path: string,
  staff: { accountId: string; role: Role },
  ability: Ability,
  now = Date.now(),
): Promise<{ body: string | undefined; kept: string[] }> {
  if (tokens.length === 0) return { body: undefined, kept: [] };
  const hashes = tokens.map(hashToken);
  const since = new Date(now - heldPostLifetimeMs).toISOString();
  const taken = can(staff.role, ability)
    ? await db()
        .deleteFrom("held_posts")
        .where("id_hash", "in", hashes)
        .where("path", "=", path)
        .where((eb) => eb.or([eb("account_id", "is", null), eb("account_id", "=", staff.accountId)]))
        .where("created_at", ">=", since)
        .returning(["body", "created_at"])
        .execute()
    : [];
  const newest = taken.sort((a, b) => b.created_at.localeCompare(a.created_at))[0];
  const left = await db()
    .selectFrom("held_posts")
    .select("id_hash")
    .where("id_hash", "in", hashes)
    .where("created_at", ">=", since)
    .execute();
  const leftHashes = new Set(left.map((row) => row.id_hash));
  return { body: newest?.body, kept: tokens.filter((token) => leftHashes.has(hashToken(token))) };
}

/** Posts held longer than `heldPostLifetimeMs`: nobody will come back for them. */
export async function purgeHeldPosts(now = Date.now()) {
  await db()
    .deleteFrom("held_posts")
    .where("created_at", "<", new Date(now - heldPostLifetimeMs).toISOString())
    .execute();
}

function heldCookieName() {
  return cookieName(siteCookies.held, getConfig().siteIsHttps);
}

/** The ids of held posts this request's cookie carries, newest first. */
function heldTokensOf(request: Request): string[] {
  const [value = ""] = cookieValues(request.headers.get("Cookie"), heldCookieName());
  return value.split(".").filter(isTokenShape).slice(0, maxHeldPerBrowser);
}

/** The cookie that carries `tokens`, or removes it when there are none. */
function heldCookie(tokens: readonly string[]): string {
  const https = getConfig().siteIsHttps;
  return tokens.length ? setCookie(siteCookies.held, tokens.join("."), https) : clearCookie(siteCookies.held, https);
}

/** Whether this request's browser has posts held for it (the sign-in page says they are kept). */
export function hasHeldPosts(request: Request): boolean {
  return heldTokensOf(request).length > 0;
}

/**
 * A staff page's post that arrived without a signed-in session: its form's fields are held for
 * `path`, and the answer is the Set-Cookie that gives the browser their id (beside any it holds
 * already). Undefined when nothing was held: not a form, more fields or bytes than a form may
 * have, or refused by `holdPost`'s bounds. Either way the person is sent to sign in, as before.
 */
export async function holdRequestPost(
  request: Request,
  post: { path: string; accountId: string | null; address: string },
): Promise<string | undefined> {
  let form: FormData;
  try {
    form = await readForm(request, { maxFields: MAX_LONG_FORM_FIELDS });
  } catch {
    return undefined;
  }
  const fields = new URLSearchParams();
  for (const [name, value] of form) if (typeof value === "string") fields.append(name, value);
  const outcome = await holdPost({ ...post, body: fields.toString() });
  if (!outcome.held) return undefined;
  return heldCookie([outcome.token, ...heldTokensOf(request)].slice(0, maxHeldPerBrowser));
}

/**
 * For a page that holds posts, as its loader runs for a signed-in person: the form held for this
 * page, if any (taken, so it is shown once), and the Set-Cookie that keeps the ids of the others or
 * removes the cookie. Nothing when the browser holds none.
 */
export async function takeRequestHeldPost(
  request: Request,
  path: string,
  staff: { accountId: string; role: Role },
  ability: Ability,
): Promise<{ form: FormData | undefined; cookie: string | undefined }> {
  const tokens = heldTokensOf(request);
  if (tokens.length === 0) return { form: undefined, cookie: undefined };
  const { body, kept } = await takeHeldPost(tokens, path, staff, ability);
  const form = body === undefined ? undefined : formDataOf(new URLSearchParams(body));
  return { form, cookie: kept.length === tokens.length ? undefined : heldCookie(kept) };
}

function formDataOf(fields: URLSearchParams): FormData {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  return form;
}
