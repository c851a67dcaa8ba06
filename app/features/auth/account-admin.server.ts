import { sql } from "kysely";
import { recordAudit } from "~/lib/audit.server";
import { db, type Executor, getDatabase } from "~/lib/db.server";
import { isRole, type Role, roleNames, roleOf } from "~/lib/staff";
import { mayHaveSecondFactor } from "./account-creation.server";
import { forgetDevices } from "./devices.server";
import { hasPasskeyColumn, removeSecondFactor } from "./second-factor.server";
import { endSessions, type SessionsEndedRow, type StaffSession } from "./sessions.server";

/**
 * Staff accounts as an owner manages them (docs/staff.md): the list, roles, disabling and
 * enabling, signing people out, and resetting a lost second factor. Every change is in the
 * audit log.
 */

export interface AccountSummary {
  id: string;
  username: string;
  role: Role;
  disabled: boolean;
  hasFactor: boolean;
  /** The shared reviews account (`admin`), which stays a password-only moderator. */
  shared: boolean;
  /** "authenticator app", "passkey", both joined by "and", or empty. */
  factors: string;
  recoveryCodesLeft: number;
  lastSignIn: string | null;
  activeSessions: number;
}

/** Every account with its factors and sessions, in one query: counts are made by the database, not by reading every session ever made. */
export async function listAccounts(now = Date.now()): Promise<AccountSummary[]> {
  const rows = await db()
    .selectFrom("accounts")
    .select((eb) => [
      "accounts.id",
      "accounts.username",
      "accounts.role",
      "accounts.disabled_at",
      "accounts.totp_secret",
      hasPasskeyColumn,
      eb
        .selectFrom("recovery_codes")
        .select((c) => c.fn.countAll<number>().as("n"))
        .whereRef("recovery_codes.account_id", "=", "accounts.id")
        .where("recovery_codes.used_at", "is", null)
        .as("codes_left"),
      eb
        .selectFrom("sessions")
        .select((c) => c.fn.max("sessions.created_at").as("at"))
        .whereRef("sessions.account_id", "=", "accounts.id")
        .as("last_sign_in"),
      eb
        .selectFrom("sessions")
        .select((c) => c.fn.countAll<number>().as("n"))
        .whereRef("sessions.account_id", "=", "accounts.id")
        .where("sessions.revoked_at", "is", null)
        .where("sessions.expires_at", ">", new Date(now).toISOString())
        .as("active_sessions"),
    ])
    .orderBy("accounts.username")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    role: roleOf(row.role),
    disabled: row.disabled_at !== null,
    shared: !mayHaveSecondFactor(row),
    hasFactor: row.totp_secret !== null || Boolean(row.has_passkey),
    factors: [row.totp_secret !== null ? "authenticator app" : null, row.has_passkey ? "passkey" : null]
      .filter(Boolean)
      .join(" and "),
    recoveryCodesLeft: Number(row.codes_left ?? 0),
    lastSignIn: row.last_sign_in ?? null,
    activeSessions: Number(row.active_sessions ?? 0),
  }));
}

export type AccountChange = { ok: true; message: string } | { ok: false; status: 400 | 404 | 409; message: string };

async function target(accountId: unknown) {
  if (typeof accountId !== "string") return undefined;
  return db()
    .selectFrom("accounts")
    .select(["id", "username", "role", "disabled_at"])
    .where("id", "=", accountId)
    .executeTakeFirst();
}

const lastOwnerMessage = "This is the last owner: make another owner first.";

/**
 * Whether the account is an enabled owner and no other enabled owner would be left without it,
 * asked inside the transaction that would take it out of the owners. Two owners who demote or
 * disable each other at the same moment are decided one after the other, the second seeing the
 * first's change: SQLite's transactions here hold the file's write lock from their first statement
 * (db/client.server.ts), and on PostgreSQL they queue on one advisory lock, released at commit.
 */
async function isLastOwner(trx: Executor, accountId: string): Promise<boolean> {
  if (getDatabase().dialect === "postgres")
    await sql`select pg_advisory_xact_lock(hashtextextended('staff owners', 0))`.execute(trx);
  const owners = await trx
    .selectFrom("accounts")
    .select("id")
    .where("role", "=", "owner")
    .where("disabled_at", "is", null)
    .execute();
  return owners.length === 1 && owners[0]?.id === accountId;
}

/** Disabling ends the account's sessions at once and stops it signing in; enabling lets it sign in again. */
export async function setDisabled(by: StaffSession, accountId: unknown, disabled: boolean): Promise<AccountChange> {
  const account = await target(accountId);
  if (!account) return { ok: false, status: 404, message: "That account no longer exists." };
  if (disabled && account.id === by.accountId)
    return { ok: false, status: 409, message: "You cannot disable your own account; another owner can." };
  const done = await db()
    .transaction()
    .execute(async (trx) => {
      if (disabled && (await isLastOwner(trx, account.id))) return false;
      await trx
        .updateTable("accounts")
        .set({ disabled_at: disabled ? new Date().toISOString() : null, updated_at: new Date().toISOString() })
        .where("id", "=", account.id)
        .execute();
      if (!disabled) {
        await recordAudit(by, "account-enabled", "account", account.id, account.username, trx);
        return true;
      }
      await endSessions({
        account: account.id,
        within: trx,
        by,
        audit: accountChanged("account-disabled", account, account.username),
      });
      await forgetDevices(trx, account.id);
      return true;
    });
  if (!done) return { ok: false, status: 409, message: lastOwnerMessage };
  return {
    ok: true,
    message: disabled
      ? `${account.username} is disabled: signed out everywhere, and cannot sign in.`
      : `${account.username} can sign in again.`,
  };
}

/** The audit row of an owner's change to an account that ended its sessions, with how many ended. */
function accountChanged(action: string, account: { id: string }, detail: string): SessionsEndedRow {
  return (ended) => ({
    action,
    targetType: "account",
    targetId: account.id,
    detail: `${detail}; ${ended} session(s) ended.`,
  });
}

/** An owner signs a person out everywhere (a lost laptop, a shared computer left signed in); the account stays usable. */
export async function endAccountSessions(by: StaffSession, accountId: unknown): Promise<AccountChange> {
  const account = await target(accountId);
  if (!account) return { ok: false, status: 404, message: "That account no longer exists." };
  if (account.id === by.accountId)
    return { ok: false, status: 409, message: "End your own sessions from Your account, where this one can go on." };
  const ended = await db()
    .transaction()
    .execute((trx) =>
      endSessions({
        account: account.id,
        within: trx,
        by,
        audit: (count) => ({
          action: "sessions-ended",
          targetType: "account",
          targetId: account.id,
          detail: `${account.username}; ${count} session(s).`,
        }),
      }),
    );
  return { ok: true, message: `${account.username} is signed out everywhere (${ended} session(s) ended).` };
}

/** Every other person's sessions end at once (a leaked database copy, a departing laptop fleet); the owner's own go on. */
export async function endEveryoneElsesSessions(by: StaffSession): Promise<AccountChange> {
  const ended = await db()
    .transaction()
    .execute((trx) =>
      endSessions({
        everyoneBut: by.accountId,
        within: trx,
        by,
        audit: (count) => ({
          action: "sessions-ended",
          targetType: "account",
          targetId: null,
          detail: `Everyone else; ${count} session(s).`,
        }),
      }),
    );
  return { ok: true, message: `Everyone else is signed out (${ended} session(s) ended).` };
}

/**
 * A person's work changes: the owner gives their account another role. Their sessions end, so the
 * next page they open is after a sign-in under the new role's rules (a second factor for every
 * role but a moderator). Not one's own role, not the shared reviews account, and never the last owner.
 */
export async function changeRole(by: StaffSession, accountId: unknown, role: unknown): Promise<AccountChange> {
  const account = await target(accountId);
  if (!account) return { ok: false, status: 404, message: "That account no longer exists." };
  if (!isRole(role)) return { ok: false, status: 400, message: "Choose a role." };
  if (account.id === by.accountId)
    return { ok: false, status: 409, message: "You cannot change your own role; another owner can." };
  if (!mayHaveSecondFactor(account))
    return { ok: false, status: 400, message: "The shared reviews account stays a moderator." };
  const from = roleOf(account.role);
  if (from === role) return { ok: true, message: `${account.username} is already ${roleNames[role]}.` };
  const done = await db()
    .transaction()
    .execute(async (trx) => {
      if (role !== "owner" && (await isLastOwner(trx, account.id))) return false;
      await trx
        .updateTable("accounts")
        .set({ role, updated_at: new Date().toISOString() })
        .where("id", "=", account.id)
        .execute();
      await endSessions({
        account: account.id,
        within: trx,
        by,
        audit: accountChanged("role-changed", account, `${account.username}: ${roleNames[from]} to ${roleNames[role]}`),
      });
      return true;
    });
  if (!done) return { ok: false, status: 409, message: lastOwnerMessage };
  return {
    ok: true,
    message: `${account.username} is now ${roleNames[role]}, and signed out: the next sign-in follows the new role.`,
  };
}

/**
 * A person who lost their phone and their recovery codes: the owner removes the app and the
 * codes, and the person's sessions end. At the next sign-in the person sets up a new app, after
 * their password; the password alone never opens the admin for a role that needs a second factor.
 */
export async function resetSecondFactor(by: StaffSession, accountId: unknown): Promise<AccountChange> {
  const account = await target(accountId);
  if (!account) return { ok: false, status: 404, message: "That account no longer exists." };
  if (!mayHaveSecondFactor(account))
    return { ok: false, status: 400, message: "The shared reviews account has no second factor." };
  await db()
    .transaction()
    .execute(async (trx) => {
      await removeSecondFactor(trx, account.id);
      await forgetDevices(trx, account.id);
      await endSessions({
        account: account.id,
        within: trx,
        by,
        audit: accountChanged("factor-reset", account, account.username),
      });
    });
  return {
    ok: true,
    message: `${account.username}'s second factor is removed. They set up a new one at their next sign-in.`,
  };
}
