import QRCode from "qrcode";
import { recordAudit } from "~/lib/audit.server";
import { db } from "~/lib/db.server";
import { hitRateLimit, releaseRateLimit } from "~/lib/rate-limit.server";
import { mayHaveSecondFactor } from "./account-creation.server";
import { renewSession, type SessionCookies, type StaffSession, upgradeSession } from "./sessions.server";
import { verifyPassword } from "./password.server";
import { checkSecondFactor, confirmTotp, newTotpSecret, totpAddress } from "./second-factor.server";

/**
 * The pages around a sign-in's second factor (docs/decisions/024-staff-accounts.md): proving it
 * (/admin/verify), setting up an authenticator app (/admin/enrol), and confirming who you are
 * before what cannot be undone (/admin/confirm). Each writes the audit log.
 */

export type StepResult =
  /** The session's new cookie, and the device cookie's when the step completed a sign-in. */
  ({ ok: true } & SessionCookies) | { ok: false; status: 400 | 401 | 429; message: string; retryAfter?: number };

/** The session ended while its step was being proved (signed out elsewhere, or the same step sent twice at once). */
export const sessionEndedMessage = "This session has ended. Please sign in again.";

function renewed(cookies: SessionCookies | undefined): StepResult {
  if (!cookies) return { ok: false, status: 401, message: sessionEndedMessage };
  return { ok: true, ...cookies };
}

/** The sign-in's second step: a code from the app or a recovery code; the session gets a new id. */
export async function completeSecondStep(request: Request, session: StaffSession, code: string): Promise<StepResult> {
  const check = await checkSecondFactor(session.accountId, code);
  if (!check.ok) {
    await recordAudit(session, "second-factor-failed", "account", session.accountId, check.message);
    return check;
  }
  await recordAudit(session, "second-factor", "session", null, `Signed in with ${check.method}.`);
  return renewed(await upgradeSession(request, session));
}

/** Whether this person may set up an authenticator app now: not the shared account, and not twice. */
export function mayEnrol(session: StaffSession): boolean {
  return mayHaveSecondFactor(session) && !session.hasApp;
}

export interface Enrolment {
  secret: string;
  address: string;
  /** The address as a QR code, an SVG drawn here (no script, no request elsewhere). */
  qrSvg: string;
}

/** The secret offered to this account until a code from it is confirmed (the same one on a reload). */
export async function enrolment(session: StaffSession): Promise<Enrolment> {
  const account = await db()
    .selectFrom("accounts")
    .select("totp_pending_secret")
    .where("id", "=", session.accountId)
    .executeTakeFirstOrThrow();
  let secret = account.totp_pending_secret;
  if (!secret) {
    secret = newTotpSecret();
    await db()
      .updateTable("accounts")
      .set({ totp_pending_secret: secret })
      .where("id", "=", session.accountId)
      .where("totp_pending_secret", "is", null)
      .execute();
    // Another tab offered one at the same moment: both show the one stored.
    secret =
      (
        await db()
          .selectFrom("accounts")
          .select("totp_pending_secret")
          .where("id", "=", session.accountId)
          .executeTakeFirstOrThrow()
      ).totp_pending_secret ?? secret;
  }
  const address = totpAddress(secret, session.username);
  const qrSvg = await QRCode.toString(address, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
  return { secret, address, qrSvg };
}

export type EnrolResult =
  { ok: true; codes: string[] } | { ok: false; status: 400 | 429; message: string; retryAfter?: number };

/**
 * The app is set up once a code from it is right: the secret is kept, ten recovery codes are made
 * (shown once), and the session counts as having proved its second factor.
 */
export async function finishEnrolment(session: StaffSession, code: string): Promise<EnrolResult> {
  const key = `enrol:${session.accountId}`;
  const limit = await hitRateLimit(key, 10, 15 * 60);
  if (!limit.allowed)
    return { ok: false, status: 429, message: "Too many wrong codes. Please wait a few minutes and try again." };
  const account = await db()
    .selectFrom("accounts")
    .select(["totp_pending_secret", "totp_secret"])
    .where("id", "=", session.accountId)
    .executeTakeFirstOrThrow();
  if (account.totp_secret || !account.totp_pending_secret)
    return { ok: false, status: 400, message: "This page is out of date: load it again to see your code." };
  const secret = account.totp_pending_secret;
  const codes = await db()
    .transaction()
    .execute(async (trx) => {
      const made = await confirmTotp(trx, session.accountId, secret, code);
      if (made)
        await recordAudit(
          session,
          "factor-added",
          "account",
          session.accountId,
          "Authenticator app; 10 recovery codes.",
          trx,
        );
      return made;
    });
  if (!codes)
    return {
      ok: false,
      status: 400,
      message: "That code is not right. Check that the app shows the account just added, and type its newest code.",
    };
  await releaseRateLimit(key, 15 * 60);
  // The session counts as having proved its second factor from now. It keeps its id (issued at
  // the password a moment ago): the page that shows the codes is this same request, whose
  // loaders still read the cookie it came with, so a new id here would sign the person out.
  const at = new Date().toISOString();
  await db()
    .updateTable("sessions")
    .set({ second_factor_at: at, confirmed_at: at })
    .where("id_hash", "=", session.idHash)
    .execute();
  return { ok: true, codes };
}

/**
 * Proving who you are again before an export, an erasure, deleting a review or an account change:
 * a code for an account with a second factor, the password for one without (a moderator).
 */
export async function confirmIdentity(request: Request, session: StaffSession, answer: string): Promise<StepResult> {
  let method: string;
  if (session.hasFactor) {
    const check = await checkSecondFactor(session.accountId, answer);
    if (!check.ok) {
      await recordAudit(session, "confirm-failed", "account", session.accountId, check.message);
      return check;
    }
    method = check.method;
  } else {
    const key = `confirm:${session.accountId}`;
    const limit = await hitRateLimit(key, 5, 15 * 60);
    if (!limit.allowed)
      return {
        ok: false,
        status: 429,
        message: "Too many wrong passwords. Please wait a few minutes and try again.",
        retryAfter: limit.retryAfter,
      };
    const account = await db()
      .selectFrom("accounts")
      .select("password_hash")
      .where("id", "=", session.accountId)
      .executeTakeFirstOrThrow();
    if (!(await verifyPassword(answer, account.password_hash))) {
      await recordAudit(session, "confirm-failed", "account", session.accountId, "Wrong password.");
      return { ok: false, status: 400, message: "That is not your password." };
    }
    await releaseRateLimit(key, 15 * 60);
    method = "password";
  }
  return markConfirmed(request, session, method);
}

/**
 * The session's person has just proved who they are (with `method`): sensitive actions are open
 * for five minutes, in a session with a new id.
 */
export async function markConfirmed(request: Request, session: StaffSession, method: string): Promise<StepResult> {
  const cookie = await renewSession(request, session, { confirmedAt: Date.now() });
  const result = renewed(cookie === undefined ? undefined : { cookie });
  if (result.ok) await recordAudit(session, "confirmed", "session", null, `With ${method}.`);
  return result;
}
