import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { generateTOTP, getTOTPAuthUri, verifyTOTP } from "@epic-web/totp";
import { sql } from "kysely";
import { db, type Executor } from "~/lib/db.server";
import { hitRateLimit, releaseRateLimit } from "~/lib/rate-limit.server";
import { hashPassword, verifyPassword } from "./password.server";

/**
 * The second factor (docs/decisions/024-staff-accounts.md): an authenticator app's code (TOTP,
 * RFC 6238: six digits, 30-second steps, one step of drift either way, each step's code accepted
 * once) or one of ten recovery codes, each accepted once.
 */
const period = 30;
const drift = 1;
export const recoveryCodeCount = 10;

/** Wrong codes an account may be sent in this window before it must wait: six digits are a small space. */
const failuresAllowed = 5;
const failuresWindowSeconds = 15 * 60;

const issuer = "Aquila staff";

/**
 * `has_passkey` for a query over `accounts`: one expression wherever an account's factors are
 * read (a session, a sign-in, the owner's list). 0/1 on SQLite, a boolean on PostgreSQL.
 */
export const hasPasskeyColumn = sql<
  number | boolean
>`exists (select 1 from passkeys where passkeys.account_id = accounts.id)`.as("has_passkey");

const base32Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/**
 * A new secret of 160 bits (RFC 4226's recommendation; the library's own default is 80), in
 * RFC 4648 base32 as authenticator apps take it, offered on the enrolment page until confirmed.
 */
export function newTotpSecret(): string {
  let bits = "";
  for (const byte of randomBytes(20)) bits += byte.toString(2).padStart(8, "0");
  return (bits.match(/.{5}/g) ?? []).map((five) => base32Alphabet[parseInt(five, 2)]).join("");
}

/** The otpauth:// address an authenticator app reads from the QR code or a tap on a phone. */
export function totpAddress(secret: string, username: string): string {
  return getTOTPAuthUri({ period, digits: 6, algorithm: "SHA-1", secret, accountName: username, issuer });
}

/** The code an app shows now for `secret`, as the tests compute it. */
export async function currentTotpCode(secret: string): Promise<string> {
  return (await generateTOTP({ period, secret })).otp;
}

function currentStep(now = Date.now()) {
  return Math.floor(now / 1000 / period);
}

/** The step whose code `code` is for `secret` (within the allowed drift), or undefined. */
export async function totpStep(secret: string, code: string): Promise<number | undefined> {
  if (!/^\d{6}$/.test(code)) return undefined;
  // The library reads the clock itself; a step boundary passed while it ran is read again.
  for (;;) {
    const before = currentStep();
    const match = await verifyTOTP({ otp: code, secret, period, window: drift });
    if (currentStep() === before) return match ? before + match.delta : undefined;
  }
}

/** Spaces, dashes and case are how people type codes; none of them is part of one. */
export function normalizeCode(code: string): string {
  return code.replace(/[\s-]/g, "").toLowerCase();
}

// Without 0/o, 1/l/i: read off paper and typed back.
const recoveryAlphabet = "23456789abcdefghjkmnpqrstuvwxyz";

/** Ten new codes, shown once as `xxxxx-xxxxx`; what is stored is their hashes. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: recoveryCodeCount }, () => {
    const chars = Array.from({ length: 10 }, () => recoveryAlphabet[randomInt(recoveryAlphabet.length)]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/**
 * A code has about 50 bits, too few for a plain hash to keep it from a copy of the database: it is
 * stored as a salted scrypt hash like a password, at a lower cost (2^14), since an account checks
 * at most its ten codes for a typed one and wrong codes are limited per account.
 */
const recoveryHashParams = { log2N: 14, r: 8, p: 1 };

export function hashRecoveryCode(code: string): Promise<string> {
  return hashPassword(normalizeCode(code), recoveryHashParams);
}

/** Codes stored before they were salted: a SHA-256 of the code, still accepted once each. */
function matchesUnsaltedHash(code: string, stored: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(stored)) return false;
  const typed = createHash("sha256").update(code).digest();
  return timingSafeEqual(typed, Buffer.from(stored, "hex"));
}

/** Replaces an account's recovery codes with new ones. */
export async function storeRecoveryCodes(within: Executor, accountId: string, codes: string[]) {
  const hashes = await Promise.all(codes.map(hashRecoveryCode));
  await within.deleteFrom("recovery_codes").where("account_id", "=", accountId).execute();
  const now = new Date().toISOString();
  await within
    .insertInto("recovery_codes")
    .values(hashes.map((code_hash) => ({ code_hash, account_id: accountId, created_at: now })))
    .execute();
}

export async function unusedRecoveryCodes(accountId: string, within?: Executor): Promise<number> {
  const row = await (within ?? db())
    .selectFrom("recovery_codes")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("account_id", "=", accountId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export type FactorCheck =
  | { ok: true; method: "authenticator" | "recovery code" }
  | { ok: false; status: 400 | 429; message: string; retryAfter?: number };

export const wrongCodeMessage = "That code is not right, or it has been used. Try the newest code from your app.";

/**
 * Checks a code sent by the account's person: the authenticator app's code for a step not used
 * before, or an unused recovery code. Either is used up by this check, in one conditional update,
 * so two requests with the same code accept it once. Five wrong codes in 15 minutes make the
 * account wait; each try is counted before it is checked (and given back when right), so tries
 * sent at the same moment are counted too.
 */
export async function checkSecondFactor(accountId: string, typed: string, now = Date.now()): Promise<FactorCheck> {
  const key = `second-factor:${accountId}`;
  const limit = await hitRateLimit(key, failuresAllowed, failuresWindowSeconds, now);
  if (!limit.allowed)
    return {
      ok: false,
      status: 429,
      message: "Too many wrong codes. Please wait a few minutes and try again.",
      retryAfter: limit.retryAfter,
    };
  const method = await spendCode(accountId, normalizeCode(typed), now);
  if (!method) return { ok: false, status: 400, message: wrongCodeMessage };
  await releaseRateLimit(key, failuresWindowSeconds, now);
  return { ok: true, method };
}

async function spendCode(accountId: string, code: string, now: number) {
  if (/^\d{6}$/.test(code)) {
    const account = await db()
      .selectFrom("accounts")
      .select("totp_secret")
      .where("id", "=", accountId)
      .executeTakeFirst();
    if (!account?.totp_secret) return undefined;
    const step = await totpStep(account.totp_secret, code);
    if (step === undefined) return undefined;
    const used = await db()
      .updateTable("accounts")
      .set({ totp_last_step: step })
      .where("id", "=", accountId)
      .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
      .executeTakeFirst();
    return Number(used.numUpdatedRows) === 1 ? ("authenticator" as const) : undefined;
  }
  if (code.length !== 10) return undefined;
  const unused = await db()
    .selectFrom("recovery_codes")
    .select("code_hash")
    .where("account_id", "=", accountId)
    .where("used_at", "is", null)
    .execute();
  let match: string | undefined;
  for (const { code_hash } of unused)
    if (matchesUnsaltedHash(code, code_hash) || (await verifyPassword(code, code_hash))) {
      match = code_hash;
      break;
    }
  if (!match) return undefined;
  // Used up in one conditional update: of two requests with the same code, one gets it.
  const used = await db()
    .updateTable("recovery_codes")
    .set({ used_at: new Date(now).toISOString() })
    .where("code_hash", "=", match)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1 ? ("recovery code" as const) : undefined;
}

/**
 * Confirms an authenticator app for an account from the secret it was offered and a code the app
 * shows; stores the secret, marks the code's step used and gives ten new recovery codes.
 */
export async function confirmTotp(
  within: Executor,
  accountId: string,
  secret: string,
  code: string,
): Promise<string[] | undefined> {
  const step = await totpStep(secret, normalizeCode(code));
  if (step === undefined) return undefined;
  await within
    .updateTable("accounts")
    .set({ totp_secret: secret, totp_pending_secret: null, totp_last_step: step, updated_at: new Date().toISOString() })
    .where("id", "=", accountId)
    .execute();
  const codes = newRecoveryCodes();
  await storeRecoveryCodes(within, accountId, codes);
  return codes;
}

/** An owner's reset: the account has no second factor (no app, passkey or code) until its person enrols again at the next sign-in. */
export async function removeSecondFactor(within: Executor, accountId: string) {
  await within.deleteFrom("passkeys").where("account_id", "=", accountId).execute();
  await within
    .updateTable("accounts")
    .set({ totp_secret: null, totp_pending_secret: null, totp_last_step: null, updated_at: new Date().toISOString() })
    .where("id", "=", accountId)
    .execute();
  await within.deleteFrom("recovery_codes").where("account_id", "=", accountId).execute();
}
