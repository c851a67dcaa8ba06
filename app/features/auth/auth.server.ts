import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "kysely";
import { createContext, data, type MiddlewareFunction, redirect } from "react-router";
import { recordAudit } from "~/lib/audit.server";
import { getConfig } from "~/lib/config.server";
import { cookieName, cookieValues, siteCookies } from "~/lib/cookies";
import { clearCookie, setCookie } from "~/lib/cookies.server";
import { pagePathOf } from "~/lib/route-data-url";
import { safeRedirect } from "~/lib/safe-redirect";
import { db, type Executor } from "~/lib/db.server";
import { log } from "~/lib/logger.server";
import { signInFailures, signInRefusals } from "~/lib/metrics.server";
import { type Ability, can, requiresSecondFactor, type Role, roleOf, type Staff } from "~/lib/staff";
import { forgetDevices, knownDevice, rememberDevice } from "./devices.server";
import { createHashQueue } from "./hash-queue.server";
import { passwordProblem } from "./password-policy.server";
import { generatePassword, type HashParams, hashPassword, verifyPassword } from "./password.server";
import { checkSecondFactor } from "./second-factor.server";
import { releaseSignInAttempt, reserveSignInAttempt, warnIfUnderAttack } from "./sign-in-limits.server";
import { hashToken, isTokenShape, newToken } from "./tokens.server";

/**
 * One account system for staff (see docs/decisions/003-admin-sessions.md): accounts with scrypt
 * hashes; server-side sessions whose id is stored hashed; cookies HttpOnly + SameSite=Strict
 * (+ Secure and the __Host- prefix over HTTPS); 30 minutes idle, 12 hours at most.
 */
export const builtInUsername = "admin";
export const idleTimeoutMs = 30 * 60_000;
export const absoluteTimeoutMs = 12 * 60 * 60_000;
const touchEveryMs = 60_000;

function sessionCookieName() {
  return cookieName(siteCookies.session, getConfig().siteIsHttps);
}

/** The session token a Cookie header carries, if it has one of the shape `signIn` gives out. */
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

/** The first start creates `admin`: with ADMIN_PASSWORD, or with a random password logged once. */
export async function ensureBuiltInAccount() {
  const existing = await db().selectFrom("accounts").select("id").limit(1).executeTakeFirst();
  if (existing) return;
  const configured = getConfig().adminPassword;
  const problem = configured === undefined ? undefined : await passwordProblem(configured, builtInUsername);
  if (problem) throw new Error(`ADMIN_PASSWORD cannot be used: ${problem}`);
  const password = configured ?? generatePassword();
  try {
    await createAccount(builtInUsername, password, "moderator");
  } catch (error) {
    // Another instance created it at the same moment.
    if (await db().selectFrom("accounts").select("id").limit(1).executeTakeFirst()) return;
    throw error;
  }
  if (configured) {
    log.info("created the admin account with ADMIN_PASSWORD", { username: builtInUsername });
  } else {
    log.warn("created the admin account with a generated password; it is shown only this once", {
      username: builtInUsername,
      password,
    });
  }
}

/**
 * A new account, a moderator unless another role is given; the built-in `admin` is always a
 * moderator (decision 024). `hashParams`: scrypt's cost for this password, the site's own unless
 * given; the tests' accounts are made cheaper, and since every hash carries its parameters, the
 * site checks them as it checks any.
 */
export async function createAccount(
  username: string,
  password: string,
  role: Role = "moderator",
  { within, hashParams }: { within?: Executor; hashParams?: HashParams } = {},
) {
  const now = new Date().toISOString();
  const id = randomUUID();
  const passwordHash = await hashPassword(password, hashParams);
  await (within ?? db())
    .insertInto("accounts")
    .values({
      id,
      username,
      password_hash: passwordHash,
      created_at: now,
      updated_at: now,
      role: username === builtInUsername ? "moderator" : role,
    })
    .execute();
  return id;
}

/** Sets a new password and ends every session of the account. */
export async function setPassword(username: string, password: string) {
  const account = await db().selectFrom("accounts").select("id").where("username", "=", username).executeTakeFirst();
  if (!account) throw new Error(`No account named ${username}`);
  const hash = await hashPassword(password);
  await db()
    .transaction()
    .execute((trx) => replacePassword(trx, account.id, hash));
}

/**
 * Puts a new password hash on an account and ends its sessions, all but `keep` (the hash of the
 * session of a person changing their own), and its device cookies, every one: a browser is
 * known again when it next signs in. The hash is made before, outside the transaction: it takes a
 * large part of a second.
 */
export async function replacePassword(within: Executor, accountId: string, passwordHash: string, keep?: string) {
  const now = new Date().toISOString();
  await within
    .updateTable("accounts")
    .set({ password_hash: passwordHash, updated_at: now })
    .where("id", "=", accountId)
    .execute();
  await endSessions(within, accountId, keep);
  await forgetDevices(within, accountId);
}

/** Ends every session of an account, all but `keep` (a session's id hash); returns how many ended. */
export async function endSessions(within: Executor, accountId: string, keep?: string): Promise<number> {
  let sessions = within
    .updateTable("sessions")
    .set({ revoked_at: new Date().toISOString() })
    .where("account_id", "=", accountId)
    .where("revoked_at", "is", null);
  if (keep) sessions = sessions.where("id_hash", "!=", keep);
  const result = await sessions.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

// A hash of nothing anyone knows: unknown usernames cost the same time as wrong passwords.
let decoyHash: Promise<string> | undefined;

/**
 * Password checks in this process (docs/decisions/010-sign-in-limits.md). Two at once keep the
 * two cores of a small server busy and leave two of libuv's four threads to file reads, and only
 * one of them may be for an address with recent failures: a flood from such addresses, however
 * many, leaves a turn free for staff, whose address has none. Four may wait, fewest failures
 * first, which is also as many as one address's five allowed guesses at an account need beside
 * the one being checked. A browser that has signed in before (devices.server.ts) has a third turn
 * of its own and goes first (docs/decisions/030-known-devices.md): a flood of guesses from
 * addresses never seen, which fills the others, never holds it up.
 */
const passwordChecks = createHashQueue({
  running: 2,
  runningWithFailures: 1,
  waiting: 4,
  maxWaitMs: 10_000,
  runningFirst: 1,
});
/** About the time the queue takes to drain when it is full (six checks, two at a time). */
const busyRetryAfterSeconds = 3;

/** What a signed-in person must still do before the admin opens: prove their second factor, or set one up. */
export type SecondStep = "verify" | "enrol";

export type SignInResult =
  | {
      ok: true;
      staff: Staff;
      /** The session's Set-Cookie. */
      cookie: string;
      /** The device cookie's, when the sign-in is complete (no second step owed). */
      deviceCookie?: string;
      next?: SecondStep;
    }
  | { ok: false; status: 401 | 429; message: string; retryAfter?: number; refusal?: SignInRefusal };

export const signInFailedMessage = "Invalid username or password";
/** The JSON sign-in's answer to an owner or leads account that sent no `code` (decision 024). */
export const secondFactorNeededMessage =
  'This account needs a second factor: send the code from your authenticator app (or a recovery code) as "code".';

export interface SignInOptions {
  /** A second factor sent with the password (the JSON sign-in's optional `code`). */
  code?: string;
  /** A JSON client: no half-signed-in session; an account that needs a code and sent none is refused. */
  api?: boolean;
}

export async function signIn(
  request: Request,
  username: string,
  password: string,
  clientIp: string,
  now = Date.now(),
  options: SignInOptions = {},
): Promise<SignInResult> {
  const device = await knownDevice(request, username, now);
  const reservation = await reserveSignInAttempt(username, clientIp, now, device);
  if (!reservation.ok) return refused("failures", username, reservation.wait);
  const account = await db()
    .selectFrom("accounts")
    .selectAll()
    .select(hasPasskeyColumn)
    .where("username", "=", username)
    .executeTakeFirst();
  const checked = await passwordChecks.run(
    reservation.device ?? reservation.address,
    reservation.failures,
    async () =>
      verifyPassword(
        password,
        account?.password_hash ?? (await (decoyHash ??= hashPassword(randomBytes(16).toString("hex")))),
      ),
    { first: reservation.device !== undefined },
  );
  if (!checked.ok) {
    // Never checked, so it must not count against the address.
    await releaseSignInAttempt(reservation.id);
    return refused("busy", username, busyRetryAfterSeconds);
  }
  if (!account || !checked.value || account.disabled_at) {
    await warnIfUnderAttack(username, now);
    log.info("sign-in failed", { username });
    signInFailures.inc();
    if (account) {
      const why = checked.value ? "The account is disabled." : "Wrong password.";
      await recordAudit(asStaff(account), "sign-in-failed", "account", account.id, why);
    }
    return { ok: false, status: 401, message: signInFailedMessage };
  }
  await releaseSignInAttempt(reservation.id);
  const staff = asStaff(account);
  const hasFactor = account.totp_secret !== null || Boolean(account.has_passkey);
  const needsFactor = hasFactor || requiresSecondFactor(roleOf(account.role));
  let secondFactorAt: string | null = null;
  if (needsFactor && options.code !== undefined && hasFactor) {
    const check = await checkSecondFactor(account.id, options.code, now);
    if (!check.ok) {
      await recordAudit(staff, "second-factor-failed", "account", account.id, check.message);
      return {
        ok: false,
        status: check.status === 429 ? 429 : 401,
        message: check.message,
        retryAfter: check.retryAfter,
      };
    }
    secondFactorAt = new Date(now).toISOString();
    await recordAudit(staff, "sign-in", "session", null, `Password and ${check.method}.`);
  } else if (needsFactor && options.api) {
    await recordAudit(staff, "sign-in-failed", "account", account.id, "Password right; no second factor sent.");
    return { ok: false, status: 401, message: secondFactorNeededMessage };
  } else {
    await recordAudit(staff, "sign-in", "session", null, needsFactor ? "Password; second step next." : "Password.");
  }
  // Rotation: whatever session the browser had is ended; the new one has a fresh id.
  await revokeSession(request);
  const cookie = await startSession(request, account.id, now, {
    secondFactorAt,
    confirmedAt: needsFactor ? secondFactorAt : new Date(now).toISOString(),
  });
  const next: SecondStep | undefined = needsFactor && !secondFactorAt ? (hasFactor ? "verify" : "enrol") : undefined;
  // A sign-in with every step done: from now on this browser is one the account has signed in from.
  const deviceCookie = next ? undefined : await rememberDevice(request, account.id, now);
  return { ok: true, staff, cookie, deviceCookie, next };
}

function asStaff(account: { id: string; username: string }): Staff {
  return { accountId: account.id, username: account.username };
}

/**
 * `has_passkey` for a query over `accounts`: one expression wherever an account's factors are
 * read (a session, a sign-in, the owner's list). 0/1 on SQLite, a boolean on PostgreSQL.
 */
export const hasPasskeyColumn = sql<
  number | boolean
>`exists (select 1 from passkeys where passkeys.account_id = accounts.id)`.as("has_passkey");

/** Whether an account may have a second factor: every one but the shared reviews account. */
export function mayHaveSecondFactor(account: { username: string }): boolean {
  return account.username !== builtInUsername;
}

/**
 * A new session for an account, its token only in the cookie returned. A session made after the
 * second step keeps the sign-in's 12-hour limit (`expiresAt`), so proving a factor never extends it.
 */
async function startSession(
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
  const ended = await db()
    .updateTable("sessions")
    .set({ revoked_at: new Date(now).toISOString() })
    .where("id_hash", "=", session.idHash)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  if (Number(ended.numUpdatedRows) !== 1) return undefined;
  const at = (ms: number | null | undefined) => (ms == null ? null : new Date(ms).toISOString());
  return startSession(request, session.accountId, now, {
    secondFactorAt: at(proof.secondFactorAt ?? session.secondFactorAt),
    confirmedAt: at(proof.confirmedAt ?? session.confirmedAt),
    expiresAt: new Date(session.expiresAt).toISOString(),
  });
}

/** The session after its person proved a second factor: from the sign-in's second step or from adding a passkey. */
export async function upgradeSession(
  request: Request,
  session: StaffSession,
  now = Date.now(),
): Promise<SignedIn | undefined> {
  const cookie = await renewSession(request, session, { secondFactorAt: now, confirmedAt: now }, now);
  if (!cookie) return undefined;
  return { cookie, deviceCookie: await rememberDevice(request, session.accountId, now) };
}

/** A sign-in complete with every step: the session's Set-Cookie and the device cookie's. */
export interface SignedIn {
  cookie: string;
  deviceCookie: string;
}

/**
 * Both are 429 with the wait in Retry-After: `failures`, this address has used its failures;
 * `busy`, too many checks are waiting here for this one to wait too. A busy refusal is the
 * designed answer to a burst, not a fault of the server, so it is no 5xx (which monitoring would
 * page someone for, and which says nothing about trying again soon).
 */
const refusals = {
  failures: {
    log: "sign-in refused: too many failed attempts from one address",
    text: "Too many failed sign-in attempts.",
  },
  busy: { log: "sign-in refused: too many sign-ins at once", text: "Too many sign-ins at once." },
} as const;

type SignInRefusal = keyof typeof refusals;

function refused(why: SignInRefusal, username: string, retryAfter: number): SignInResult {
  log.warn(refusals[why].log, { username, retryAfter });
  signInRefusals.inc({ reason: why });
  return { ok: false, status: 429, message: refusalMessage(why, retryAfter), retryAfter, refusal: why };
}

/** What a refused sign-in is told, rebuilt from its reason and wait where only those travel (a notice). */
function refusalMessage(why: SignInRefusal, retryAfter: number): string {
  return `${refusals[why].text} Please wait ${waitText(retryAfter)} and try again.`;
}

/**
 * A failed sign-in carried back to the page it came from in a one-time notice's id: "d" for a
 * wrong password, "f60" or "b3" for a refusal and its wait, then `unique`.
 */
export function signInFailureId(result: { refusal?: SignInRefusal; retryAfter?: number }, unique: string): string {
  return `${result.refusal ? `${result.refusal[0]}${result.retryAfter ?? 1}` : "d"}-${unique}`;
}

/** The refusal a notice id names, as its message; undefined for a wrong password. */
export function signInFailureMessage(id: string): string | undefined {
  const refusal = /^([fb])(\d+)-/.exec(id);
  if (!refusal) return undefined;
  return refusalMessage(refusal[1] === "f" ? "failures" : "busy", Number(refusal[2]));
}

function waitText(seconds: number) {
  return seconds < 90 ? `${seconds} second${seconds === 1 ? "" : "s"}` : `${Math.ceil(seconds / 60)} minutes`;
}

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

/** A session's person must still prove or set up a second factor before anything else. */
export function secondStepOf(session: StaffSession): SecondStep | undefined {
  if (session.secondFactorAt !== null) return undefined;
  if (session.hasFactor) return "verify";
  return requiresSecondFactor(session.role) ? "enrol" : undefined;
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

/** The staff member behind this request, signed in with every step their account needs; else undefined. */
export async function getStaff(request: Request, now = Date.now()): Promise<StaffSession | undefined> {
  const session = await getSession(request, now);
  return session && !secondStepOf(session) ? session : undefined;
}

/** This request's session as stored (its token's hash), to tell it from the person's other sessions. */
export function sessionIdHash(request: Request): string | undefined {
  const token = readToken(request);
  return token ? hashToken(token) : undefined;
}

export async function revokeSession(request: Request) {
  const token = readToken(request);
  if (!token) return;
  await db()
    .updateTable("sessions")
    .set({ revoked_at: new Date().toISOString() })
    .where("id_hash", "=", hashToken(token))
    .where("revoked_at", "is", null)
    .execute();
}

export function clearSessionCookie() {
  return clearCookie(siteCookies.session, getConfig().siteIsHttps);
}

/** The page a request is for: signing in again must lead back to the page, not to its data request. */
export function pageAddress(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("_routes");
  return pagePathOf(url.pathname) + url.search;
}

/**
 * For the second step's own pages (`/admin/verify`, `/admin/enrol`): the session and where to go
 * after, or a redirect to the sign-in, or to the other step's page when that is the one owed.
 * `step` is undefined for a person already signed in with every step.
 */
export async function sessionAtStep(request: Request, page: SecondStep) {
  const session = await getSession(request);
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  if (!session) throw redirect(`/admin/login?redirectTo=${encodeURIComponent(redirectTo)}`);
  const step = secondStepOf(session);
  if (step && step !== page) throw redirect(`/admin/${step}?redirectTo=${encodeURIComponent(redirectTo)}`);
  return { session, step, redirectTo };
}

/** For admin pages: the staff member, or a redirect to the sign-in page or to the second step. */
export async function requireStaffPage(request: Request): Promise<StaffSession> {
  const session = await getSession(request);
  const back = encodeURIComponent(pageAddress(request));
  if (!session) throw redirect(`/admin/login?redirectTo=${back}`);
  const step = secondStepOf(session);
  if (step) throw redirect(`/admin/${step}?redirectTo=${back}`);
  return session;
}

export const notAllowedMessage = "Your account's role does not include this page. An owner can change what it may do.";

/** For admin pages outside the /admin layout (the downloads): staff whose role holds `ability`, else 403. */
export async function requireAccess(request: Request, ability: Ability): Promise<StaffSession> {
  const staff = await requireStaffPage(request);
  if (!can(staff.role, ability)) throw data(notAllowedMessage, { status: 403 });
  return staff;
}

/** How recently a person must have proved who they are before an export, an erasure or an account change. */
export const confirmWithinMs = 5 * 60_000;

export function isConfirmed(staff: StaffSession, now = Date.now()): boolean {
  return staff.confirmedAt !== null && now - staff.confirmedAt <= confirmWithinMs;
}

/**
 * Before what cannot be undone: the person proved who they are within five minutes (a code, or a
 * moderator's password), or is sent to confirm and then back to `returnTo` (this page by default).
 */
export function requireConfirmed(request: Request, staff: StaffSession, returnTo = pageAddress(request)) {
  if (isConfirmed(staff)) return;
  throw redirect(`/admin/confirm?redirectTo=${encodeURIComponent(returnTo)}`);
}

/** The signed-in staff member, for every loader and action under the /admin layout. */
export const staffContext = createContext<StaffSession>();

/**
 * The /admin layout's guard: middleware runs before any loader or action under it, a data
 * request for one route's loader or a form's action included, which a parent loader would not.
 * `abilityFor` names what the page asked for needs (from app/route-manifest.ts); a path it does
 * not know needs an owner.
 */
export function requireStaffMiddleware(
  abilityFor: (path: string) => Ability | undefined,
): MiddlewareFunction<Response> {
  return async ({ request, context }) => {
    const staff = await requireStaffPage(request);
    const ability = abilityFor(pagePathOf(new URL(request.url).pathname)) ?? "owner";
    if (!can(staff.role, ability)) throw data(notAllowedMessage, { status: 403 });
    context.set(staffContext, staff);
  };
}

/** For the admin JSON API, whose calls are about reviews: the staff member, 401, or 403 for a role without reviews. */
export async function requireStaffApi(request: Request): Promise<StaffSession> {
  const staff = await getStaff(request);
  if (!staff) throw data({ error: "Sign in to use the admin API." }, { status: 401 });
  if (!can(staff.role, "reviews"))
    throw data({ error: "This account's role does not include reviews." }, { status: 403 });
  return staff;
}

/**
 * A sign-in with a passkey (checked by passkeys.server.ts): the passkey is the password and the
 * second factor in one, so the session has proved both. Whatever session the browser had ends.
 */
export async function signInWithPasskey(request: Request, staff: Staff, now = Date.now()): Promise<SignedIn> {
  await revokeSession(request);
  const at = new Date(now).toISOString();
  const cookie = await startSession(request, staff.accountId, now, { secondFactorAt: at, confirmedAt: at });
  await recordAudit(staff, "sign-in", "session", null, "Passkey.");
  return { cookie, deviceCookie: await rememberDevice(request, staff.accountId, now) };
}
