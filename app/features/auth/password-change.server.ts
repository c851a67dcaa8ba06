import { recordAudit } from "~/lib/audit.server";
import { db, type Executor } from "~/lib/db.server";
import { hitRateLimit } from "~/lib/rate-limit.server";
import { fieldErrorsOf } from "~/lib/zod";
import type { Staff } from "~/lib/staff";
import { forgetDevices } from "./devices.server";
import { passwordProblem } from "./password-policy.server";
import { hashPassword, verifyPassword } from "./password.server";
import { PasswordChangeSchema } from "./schema";
import { endSessions, sessionIdHash } from "./sessions.server";

export type PasswordChange =
  { ok: true } | { ok: false; status: 400 | 429; errors: Record<string, string>; retryAfter?: number };

/** Wrong current passwords a person may type in this window before the form waits: a stolen session is not a free guess. */
const triesAllowed = 5;
const triesWindowSeconds = 15 * 60;

/**
 * A person changes their own password (ASVS 5.0, 6.2.2): the current one first, then a new one
 * that passes the policy (password-policy.server.ts). Their other sessions end, this one stays,
 * and the audit log says so.
 */
export async function changeOwnPassword(
  request: Request,
  staff: Staff,
  form: Record<string, unknown>,
): Promise<PasswordChange> {
  const parsed = PasswordChangeSchema.safeParse(form);
  if (!parsed.success) return { ok: false, status: 400, errors: fieldErrorsOf(parsed.error) };
  const { current, password } = parsed.data;
  const limit = await hitRateLimit(`password-change:${staff.accountId}`, triesAllowed, triesWindowSeconds);
  if (!limit.allowed)
    return {
      ok: false,
      status: 429,
      errors: { current: "Too many wrong passwords: wait a few minutes, then try again." },
      retryAfter: limit.retryAfter,
    };
  const account = await db()
    .selectFrom("accounts")
    .select("password_hash")
    .where("id", "=", staff.accountId)
    .executeTakeFirstOrThrow();
  if (!(await verifyPassword(current, account.password_hash)))
    return { ok: false, status: 400, errors: { current: "This is not your current password." } };
  const problem =
    password === current
      ? "Choose a password different from the current one."
      : await passwordProblem(password, staff.username);
  if (problem) return { ok: false, status: 400, errors: { password: problem } };

  const hash = await hashPassword(password);
  const kept = sessionIdHash(request);
  await db()
    .transaction()
    .execute(async (trx) => {
      await replacePassword(trx, staff.accountId, hash, kept);
      await recordAudit(staff, "password-changed", "account", staff.accountId, "Other sessions ended.", trx);
    });
  return { ok: true };
}

/** Sets a new password and ends every session of the account: the command line's reset. */
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
  await endSessions({ account: accountId, except: keep, within });
  await forgetDevices(within, accountId);
}
