import { randomBytes } from "node:crypto";
import { recordAudit } from "~/lib/audit.server";
import { db } from "~/lib/db.server";
import { log } from "~/lib/logger.server";
import { signInFailures, signInRefusals } from "~/lib/metrics.server";
import { requiresSecondFactor, roleOf, type Staff } from "~/lib/staff";
import { knownDevice, rememberDevice } from "./devices.server";
import { createHashQueue } from "./hash-queue.server";
import { hashPassword, verifyPassword } from "./password.server";
import { checkSecondFactor, hasPasskeyColumn } from "./second-factor.server";
import { endSessions, type SecondStep, sessionIdHash, type SignedIn, startSession } from "./sessions.server";
import { releaseSignInAttempt, reserveSignInAttempt, warnIfUnderAttack } from "./sign-in-limits.server";

/**
 * Signing in (docs/decisions/003-admin-sessions.md, 010-sign-in-limits.md): a password, with a
 * second factor sent alongside or owed next, or a passkey; what a refused sign-in is told.
 */

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
/** The JSON sign-in's answer to an account that must use a second factor and sent no `code` (decision 024). */
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
  await endSessions({ session: sessionIdHash(request) });
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

/**
 * A sign-in with a passkey (checked by passkeys.server.ts): the passkey is the password and the
 * second factor in one, so the session has proved both. Whatever session the browser had ends.
 */
export async function signInWithPasskey(request: Request, staff: Staff, now = Date.now()): Promise<SignedIn> {
  await endSessions({ session: sessionIdHash(request) });
  const at = new Date(now).toISOString();
  const cookie = await startSession(request, staff.accountId, now, { secondFactorAt: at, confirmedAt: at });
  await recordAudit(staff, "sign-in", "session", null, "Passkey.");
  return { cookie, deviceCookie: await rememberDevice(request, staff.accountId, now) };
}
