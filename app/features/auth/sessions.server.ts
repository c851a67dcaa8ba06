import { getConfig } from "~/lib/config.server";
import { recordAudit } from "~/lib/audit.server";
import { cookieName, cookieValues, siteCookies } from "~/lib/cookies";
import { clearCookie, setCookie, setCookieHeaders } from "~/lib/cookies.server";
import { db, type Executor } from "~/lib/db.server";
import { requiresSecondFactor, type Role, roleOf, type Staff } from "~/lib/staff";
import { rememberDevice } from "./devices.server";
import { hasPasskeyColumn } from "./second-factor.server";
import { hashToken, isTokenShape, newToken } from "./tokens.server";

/**
 * Staff sessions (docs/decisions/003-admin-sessions.md): server-side, their id stored hashed;
 * the cookie HttpOnly + SameSite=Strict (+ Secure and the __Host- prefix over HTTPS); 30 minutes
 * idle, 12 hours at most. Starting, reading, renewing and ending them; `endSessions` is the one
 * way any session ends.
 */
export const idleTimeoutMs = 30 * 60_000;
export const absoluteTimeoutMs = 12 * 60 * 60_000;
const touchEveryMs = 60_000;

function sessionCookieName() {
  return cookieName(siteCookies.session, getConfig().siteIsHttps);
}

/** The session token a Cookie header carries, if it has one of the shape a sign-in gives out. */
function tokenFromCookieHeader(cookie: string | null | undefined): string | undefined {
  const [token] = cookieValues(cookie, sessionCookieName());
  return token !== undefined && isTokenShape(token) ? token : undefined;
}

/**
 * Whether a request may be signed in: it carries a cookie that looks like a session. Anything else
 * is answered as to a visitor without one, so only such a request needs rendering for itself.
 */
export function hasSessionCookie(cookie: string | null | undefined): boolean {
  return tokenFromCookieHeader(cookie) !== undefined;
}

function readToken(request: Request): string | undefined {
  return tokenFromCookieHeader(request.headers.get("Cookie"));
}

/** This request's session as stored (its token's hash), to tell it from the person's other sessions. */
export function sessionIdHash(request: Request): string | undefined {
  const token = readToken(request);
  return token ? hashToken(token) : undefined;
}

export function clearSessionCookie() {
  return clearCookie(siteCookies.session, getConfig().siteIsHttps);
}

/** What a signed-in person must still do before the admin opens: prove their second factor, or set one up. */
export type SecondStep = "verify" | "enrol";

/** A signed-in person's session: who, their role, and what they have proved in it. */
export interface StaffSession extends Staff {
  role: Role;
  /** The account has a second factor: an authenticator app, a passkey, or both. */
  hasFactor: boolean;
  /** …an authenticator app. */
  hasApp: boolean;
  /** …a passkey. */
  hasPasskey: boolean;
  /** When this session proved a second factor (ms), or null. */
  secondFactorAt: number | null;
  /** When its person last proved who they are (ms): sensitive actions need it within 5 minutes. */
  confirmedAt: number | null;
  expiresAt: number;
  idHash: string;
}

/** A session's Set-Cookie, and the device cookie's when it completed a sign-in. */
export interface SessionCookies {
  cookie: string;
  deviceCookie?: string;
}

/** A sign-in complete with every step: the session's Set-Cookie and the device cookie's. */
export type SignedIn = Required<SessionCookies>;

/** An answer's Set-Cookie headers for a new or renewed session: its cookie, the device cookie when there is one, and `more`. */
export function sessionCookieHeaders(cookies: SessionCookies, ...more: string[]): Headers {
  return setCookieHeaders(cookies.cookie, cookies.deviceCookie, ...more);
}

/** A session's person must still prove or set up a second factor before anything else. */
export function secondStepOf(session: StaffSession): SecondStep | undefined {
  if (session.secondFactorAt !== null) return undefined;
  if (session.hasFactor) return "verify";
  return requiresSecondFactor(session.role) ? "enrol" : undefined;
}

/**
 * A new session for an account, its token only in the cookie returned. A session made after the
 * second step keeps the sign-in's 12-hour limit (`expiresAt`), so proving a factor never extends it.
 */
export async function startSession(
  request: Request,
  accountId: string,
  now: number,
  proof: { secondFactorAt: string | null; confirmedAt: string | null; expiresAt?: string },
): Promise<string> {
  const token = newToken();
  await db()
    .insertInto("sessions")
    .values({
      id_hash: hashToken(token),
      account_id: accountId,
      created_at: new Date(now).toISOString(),
      last_seen_at: new Date(now).toISOString(),
      expires_at: proof.expiresAt ?? new Date(now + absoluteTimeoutMs).toISOString(),
      revoked_at: null,
      second_factor_at: proof.secondFactorAt,
      confirmed_at: proof.confirmedAt,
      user_agent: request.headers.get("User-Agent")?.slice(0, 200) ?? null,
    })
    .execute();
  const maxAge = Math.max(
    1,
    Math.round(((proof.expiresAt ? Date.parse(proof.expiresAt) : now + absoluteTimeoutMs) - now) / 1000),
  );
  return setCookie(siteCookies.session, token, getConfig().siteIsHttps, maxAge);
}

/**
 * The same person's session under a new id, the old one ended, whenever it proves something new
 * (a second factor, a confirmation): a token seen before that moment opens nothing after it. The
 * sign-in's 12-hour limit stays. Undefined when the old session had already ended (signed out, or
 * renewed by another request at the same moment), so one token never becomes two sessions.
 */
export async function renewSession(
  request: Request,
  session: StaffSession,
  proof: { secondFactorAt?: number; confirmedAt?: number },
  now = Date.now(),
): Promise<string | undefined> {
  if ((await endSessions({ session: session.idHash, now })) !== 1) return undefined;
  const at = (ms: number | null | undefined) => (ms == null ? null : new Date(ms).toISOString());
  return startSession(request, session.accountId, now, {
    secondFactorAt: at(proof.secondFactorAt ?? session.secondFactorAt),
    confirmedAt: at(proof.confirmedAt ?? session.confirmedAt),
    expiresAt: new Date(session.expiresAt).toISOString(),
  });
}

/**
 * A renewed session that completes a sign-in: from now on this browser is one the account has
 * signed in from, so the answer sets the device cookie too.
 */
export async function renewSignedIn(
  request: Request,
  session: StaffSession,
  proof: { secondFactorAt?: number; confirmedAt?: number },
  now = Date.now(),
): Promise<SignedIn | undefined> {
  const cookie = await renewSession(request, session, proof, now);
  if (!cookie) return undefined;
  return { cookie, deviceCookie: await rememberDevice(request, session.accountId, now) };
}

/** The session after its person proved a second factor: from the sign-in's second step or from adding a passkey. */
export function upgradeSession(request: Request, session: StaffSession, now = Date.now()) {
  return renewSignedIn(request, session, { secondFactorAt: now, confirmedAt: now }, now);
}

/** This request's session, signed in or halfway (before the second step); undefined if ended, expired or disabled. */
export async function getSession(request: Request, now = Date.now()): Promise<StaffSession | undefined> {
  const token = readToken(request);
  if (!token) return undefined;
  const row = await db()
    .selectFrom("sessions")
    .innerJoin("accounts", "accounts.id", "sessions.account_id")
    .select([
      "sessions.id_hash",
      "sessions.last_seen_at",
      "sessions.expires_at",
      "sessions.revoked_at",
      "sessions.second_factor_at",
      "sessions.confirmed_at",
      "accounts.id as account_id",
      "accounts.username",
      "accounts.role",
      "accounts.disabled_at",
      "accounts.totp_secret",
      hasPasskeyColumn,
    ])
    .where("sessions.id_hash", "=", hashToken(token))
    .executeTakeFirst();
  if (!row || row.revoked_at || row.disabled_at) return undefined;
  const lastSeen = Date.parse(row.last_seen_at);
  if (now - lastSeen > idleTimeoutMs || now >= Date.parse(row.expires_at)) return undefined;
  if (now - lastSeen > touchEveryMs) {
    await db()
      .updateTable("sessions")
      .set({ last_seen_at: new Date(now).toISOString() })
      .where("id_hash", "=", row.id_hash)
      .execute();
  }
  return {
    accountId: row.account_id,
    username: row.username,
    role: roleOf(row.role),
    hasFactor: row.totp_secret !== null || Boolean(row.has_passkey),
    hasApp: row.totp_secret !== null,
    hasPasskey: Boolean(row.has_passkey),
    secondFactorAt: row.second_factor_at ? Date.parse(row.second_factor_at) : null,
    confirmedAt: row.confirmed_at ? Date.parse(row.confirmed_at) : null,
    expiresAt: Date.parse(row.expires_at),
    idHash: row.id_hash,
  };
}

/**
 * The account a request's session cookie names, even once that session has ended (idle, expired or
 * signed out): whose form arrived too late to be saved. Undefined without such a cookie or row.
 */
export async function sessionAccountOf(request: Request): Promise<string | undefined> {
  const token = readToken(request);
  if (!token) return undefined;
  const row = await db()
    .selectFrom("sessions")
    .select("account_id")
    .where("id_hash", "=", hashToken(token))
    .executeTakeFirst();
  return row?.account_id;
}

/** The staff member behind this request, signed in with every step their account needs; else undefined. */
export async function getStaff(request: Request, now = Date.now()): Promise<StaffSession | undefined> {
  const session = await getSession(request, now);
  return session && !secondStepOf(session) ? session : undefined;
}

/** A person's own sessions that are still open, newest first. */
export async function listOwnSessions(accountId: string, now = Date.now()) {
  const rows = await db()
    .selectFrom("sessions")
    .select(["id_hash", "created_at", "last_seen_at", "expires_at", "user_agent", "second_factor_at"])
    .where("account_id", "=", accountId)
    .where("revoked_at", "is", null)
    .orderBy("last_seen_at", "desc")
    .execute();
  return rows.filter((row) => Date.parse(row.expires_at) > now);
}

/** Which sessions `endSessions` ends. */
export type SessionsToEnd =
  /** One session by its id hash (none when undefined), and only if it is `account`'s when that is given. */
  | { session: string | undefined; account?: string }
  /** Every session of an account, all but `except`: the id hash of the one its person is using. */
  | { account: string; except?: string }
  /** Every session of every account but this one. */
  | { everyoneBut: string };

/** The audit row that says sessions were ended, given how many; undefined for none. */
export type SessionsEndedRow = (
  ended: number,
) => { action: string; targetType: string; targetId: string | null; detail: string } | undefined;

/**
 * Ends sessions still open and returns how many ended. With `by` and `audit`, the audit log says
 * who ended them, in the same transaction (`within`, when the caller has one open).
 */
export async function endSessions(
  which: SessionsToEnd & { by?: Staff; audit?: SessionsEndedRow; within?: Executor; now?: number },
): Promise<number> {
  if ("session" in which && which.session === undefined) return 0;
  let sessions = (which.within ?? db())
    .updateTable("sessions")
    .set({ revoked_at: new Date(which.now ?? Date.now()).toISOString() })
    .where("revoked_at", "is", null);
  if ("everyoneBut" in which) sessions = sessions.where("account_id", "<>", which.everyoneBut);
  else if (which.account !== undefined) sessions = sessions.where("account_id", "=", which.account);
  if ("session" in which && which.session !== undefined) sessions = sessions.where("id_hash", "=", which.session);
  if ("except" in which && which.except) sessions = sessions.where("id_hash", "!=", which.except);
  const ended = Number((await sessions.executeTakeFirst()).numUpdatedRows);
  const row = which.by && which.audit?.(ended);
  if (which.by && row) await recordAudit(which.by, row.action, row.targetType, row.targetId, row.detail, which.within);
  return ended;
}
