import { recordAudit } from "~/lib/audit.server";
import { getConfig } from "~/lib/config.server";
import { sql } from "kysely";
import { db, type Executor, getDatabase } from "~/lib/db.server";
import { emailAddress, fieldErrorsOf, z } from "~/lib/zod";
import { commandLine, isRole, requiresSecondFactor, type Role, roleNames, roleOf, type Staff } from "~/lib/staff";
import { sendMailNow, type SentNow } from "~/lib/outbox/delivery.server";
import {
  createAccount,
  endSessions,
  hasPasskeyColumn,
  replacePassword,
  mayHaveSecondFactor,
  type StaffSession,
} from "./auth.server";
import { forgetDevices } from "./devices.server";
import { passwordProblem } from "./password-policy.server";
import { hashPassword } from "./password.server";
import { InviteEmailSchema, NewPasswordSchema, NewUsernameSchema } from "./schema";
import { expiredInvitationMessage, invitationHours } from "./invitations";
import { removeSecondFactor } from "./second-factor.server";
import { hashToken, isTokenShape, newToken } from "./tokens.server";

/**
 * Staff accounts as an owner manages them (docs/staff.md): invitations by one-time link, disabling
 * and enabling, and resetting a lost second factor. Every change is in the audit log.
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

export type InviteResult =
  | {
      ok: true;
      link: string;
      username: string;
      role: Role;
      expiresAt: string;
      /** When an address was given: where the link was emailed, and whether the mail server took it. */
      emailed?: { to: string } & SentNow;
    }
  | { ok: false; errors: Record<string, string> };

/**
 * A one-time link for a new person, valid 24 hours; shown once to the owner (and printed by the
 * CLI), and emailed at once to the person when the owner gives their address.
 */
export async function inviteAccount(
  by: Staff,
  input: { username?: unknown; role?: unknown; email?: unknown },
): Promise<InviteResult> {
  const username = NewUsernameSchema.safeParse(input.username);
  const wantsEmail = typeof input.email === "string" && input.email.trim() !== "";
  const email = wantsEmail ? InviteEmailSchema.safeParse(input.email) : undefined;
  const errors: Record<string, string> = {};
  if (!username.success) errors.username = username.error.issues[0]?.message ?? "Choose a username";
  if (!isRole(input.role)) errors.role = "Choose a role";
  if (email && !email.success) errors.email = email.error.issues[0]?.message ?? "Please enter a valid email address";
  if (!username.success || !isRole(input.role) || (email && !email.success)) return { ok: false, errors };
  const role = input.role;
  const taken = await db().selectFrom("accounts").select("id").where("username", "=", username.data).executeTakeFirst();
  if (taken) return { ok: false, errors: { username: "There is already an account with this username." } };
  const { link, expiresAt } = await storeOneTimeLink(
    by,
    { username: username.data, role, accountId: null },
    { action: "invited", targetId: null, detail: `${username.data} as ${roleNames[role]}.` },
  );
  const invitation = { ok: true as const, link, username: username.data, role, expiresAt };
  if (!email?.success) return invitation;
  const to = email.data;
  const sent = await sendMailNow({ to, ...invitationEmail(by, invitation) });
  await recordAudit(
    by,
    sent.ok ? "invitation-emailed" : "invitation-email-failed",
    "account",
    null,
    sent.ok ? `${invitation.username}'s link to ${to}.` : `${invitation.username}'s link to ${to}: ${sent.reason}.`,
  );
  return { ...invitation, emailed: { to, ...sent } };
}

/** The invitation as the person reads it: who asked, for which role, the link and its limits, and what comes next. */
export function invitationEmail(
  by: Staff,
  invitation: { link: string; username: string; role: Role; expiresAt: string },
) {
  const { siteUrl } = getConfig();
  return {
    subject: "Your Aquila staff account",
    text: [
      `${by.username} has made you a staff account on ${siteUrl} as ${roleNames[invitation.role]}, with the username ${invitation.username}.`,
      "",
      `Choose your password at this link. It works once, until ${invitation.expiresAt.slice(0, 16).replace("T", " ")} UTC (${invitationHours} hours):`,
      invitation.link,
      "",
      requiresSecondFactor(invitation.role)
        ? "You then set up a second factor: an authenticator app on your phone, or a passkey."
        : "You can add a second factor later from Your account.",
      "",
      "If you did not expect this email, ignore it: without the link nothing is made.",
    ].join("\n"),
  };
}

/**
 * Stores a one-time link (24 hours, only its hash kept) to `/admin/invite/…`: an invitation when
 * `accountId` is null, else a new password for that account. A new link replaces any still open
 * for the same username, and the audit row is written in the same transaction.
 */
async function storeOneTimeLink(
  by: Staff,
  target: { username: string; role: string; accountId: string | null },
  audit: { action: string; targetId: string | null; detail: string },
): Promise<{ link: string; expiresAt: string }> {
  const token = newToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + invitationHours * 3_600_000).toISOString();
  await db()
    .transaction()
    .execute(async (trx) => {
      await trx
        .deleteFrom("invitations")
        .where("username", "=", target.username)
        .where("used_at", "is", null)
        .execute();
      await trx
        .insertInto("invitations")
        .values({
          id_hash: hashToken(token),
          username: target.username,
          role: target.role,
          invited_by: by.username,
          created_at: now.toISOString(),
          expires_at: expiresAt,
          account_id: target.accountId,
        })
        .execute();
      await recordAudit(by, audit.action, "account", audit.targetId, audit.detail, trx);
    });
  return { link: `${getConfig().siteUrl}/admin/invite/${token}`, expiresAt };
}

/**
 * A one-time link (24 hours) for an existing account to choose a new password: from the server's
 * command line, for a person who forgot theirs, so no one else ever knows or chooses it. Using it
 * ends the account's sessions; the second factor stays and is asked at the next sign-in.
 */
export async function passwordLink(
  by: Staff,
  username: string,
): Promise<{ link: string; expiresAt: string } | undefined> {
  const account = await db()
    .selectFrom("accounts")
    .select(["id", "username", "role"])
    .where("username", "=", username)
    .executeTakeFirst();
  if (!account) return undefined;
  return storeOneTimeLink(
    by,
    { username: account.username, role: account.role, accountId: account.id },
    { action: "password-link", targetId: account.id, detail: `${account.username}; valid ${invitationHours} hours.` },
  );
}

/** An invitation, or a link to choose a new password, that can still be used, by the token in its link. */
export async function openInvitation(token: string, now = Date.now()) {
  if (!isTokenShape(token)) return undefined;
  const row = await db()
    .selectFrom("invitations")
    .selectAll()
    .where("id_hash", "=", hashToken(token))
    .executeTakeFirst();
  if (!row || row.used_at || Date.parse(row.expires_at) <= now || !isRole(row.role)) return undefined;
  return {
    username: row.username,
    role: row.role,
    invitedBy: row.invited_by,
    expiresAt: row.expires_at,
    accountId: row.account_id,
  };
}

export type AcceptResult =
  { ok: true; username: string } | { ok: false; status: 400 | 410; errors: Record<string, string> };

/** The invited person chooses a password; the account is made and the link is used up, in one transaction. */
export async function acceptInvitation(token: string, input: Record<string, unknown>): Promise<AcceptResult> {
  const invitation = await openInvitation(token);
  if (!invitation) return { ok: false, status: 410, errors: { password: expiredInvitationMessage } };
  const parsed = NewPasswordSchema.safeParse(input);
  if (!parsed.success) return { ok: false, status: 400, errors: fieldErrorsOf(parsed.error) };
  const problem = await passwordProblem(parsed.data.password, invitation.username);
  if (problem) return { ok: false, status: 400, errors: { password: problem } };
  // Hashed before the transaction, which holds SQLite's write lock while it runs.
  const newHash = invitation.accountId ? await hashPassword(parsed.data.password) : undefined;
  const made = await db()
    .transaction()
    .execute(async (trx) => {
      const used = await trx
        .updateTable("invitations")
        .set({ used_at: new Date().toISOString() })
        .where("id_hash", "=", hashToken(token))
        .where("used_at", "is", null)
        .executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) return undefined;
      if (invitation.accountId && newHash)
        return chooseNewPassword(trx, invitation.accountId, newHash, invitation.invitedBy);
      const taken = await trx
        .selectFrom("accounts")
        .select("id")
        .where("username", "=", invitation.username)
        .executeTakeFirst();
      if (taken) return undefined;
      const id = await createAccount(invitation.username, parsed.data.password, invitation.role, { within: trx });
      await recordAudit(
        { accountId: id, username: invitation.username },
        "account-created",
        "account",
        id,
        `${roleNames[invitation.role]}, invited by ${invitation.invitedBy}.`,
        trx,
      );
      return id;
    });
  if (!made) return { ok: false, status: 410, errors: { password: expiredInvitationMessage } };
  return { ok: true, username: invitation.username };
}

/** A password link used: the account's new password, and every session of it ended. */
async function chooseNewPassword(trx: Executor, accountId: string, passwordHash: string, linkFrom: string) {
  const account = await trx
    .selectFrom("accounts")
    .select(["id", "username"])
    .where("id", "=", accountId)
    .executeTakeFirst();
  if (!account) return undefined;
  await replacePassword(trx, account.id, passwordHash);
  await recordAudit(
    { accountId: account.id, username: account.username },
    "password-changed",
    "account",
    account.id,
    `With a one-time link from ${linkFrom}; every session ended.`,
    trx,
  );
  return account.id;
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
      const ended = disabled ? await endSessions(trx, account.id) : 0;
      if (disabled) await forgetDevices(trx, account.id);
      await recordAudit(
        by,
        disabled ? "account-disabled" : "account-enabled",
        "account",
        account.id,
        disabled ? `${account.username}; ${ended} session(s) ended.` : account.username,
        trx,
      );
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

/** Ends the account's sessions and writes the change, with how many sessions ended, to the audit log. */
async function signOutAndRecord(
  trx: Executor,
  by: StaffSession,
  action: string,
  account: { id: string },
  detail: string,
) {
  const ended = await endSessions(trx, account.id);
  await recordAudit(by, action, "account", account.id, `${detail}; ${ended} session(s) ended.`, trx);
}

/** An owner signs a person out everywhere (a lost laptop, a shared computer left signed in); the account stays usable. */
export async function endAccountSessions(by: StaffSession, accountId: unknown): Promise<AccountChange> {
  const account = await target(accountId);
  if (!account) return { ok: false, status: 404, message: "That account no longer exists." };
  if (account.id === by.accountId)
    return { ok: false, status: 409, message: "End your own sessions from Your account, where this one can go on." };
  const ended = await db()
    .transaction()
    .execute(async (trx) => {
      const count = await endSessions(trx, account.id);
      await recordAudit(by, "sessions-ended", "account", account.id, `${account.username}; ${count} session(s).`, trx);
      return count;
    });
  return { ok: true, message: `${account.username} is signed out everywhere (${ended} session(s) ended).` };
}

/** Every other person's sessions end at once (a leaked database copy, a departing laptop fleet); the owner's own go on. */
export async function endEveryoneElsesSessions(by: StaffSession): Promise<AccountChange> {
  const ended = await db()
    .transaction()
    .execute(async (trx) => {
      const result = await trx
        .updateTable("sessions")
        .set({ revoked_at: new Date().toISOString() })
        .where("revoked_at", "is", null)
        .where("account_id", "<>", by.accountId)
        .executeTakeFirst();
      const count = Number(result.numUpdatedRows);
      await recordAudit(by, "sessions-ended", "account", null, `Everyone else; ${count} session(s).`, trx);
      return count;
    });
  return { ok: true, message: `Everyone else is signed out (${ended} session(s) ended).` };
}

/**
 * A person's work changes: the owner gives their account another role. Their sessions end, so the
 * next page they open is after a sign-in under the new role's rules (a second factor for owners
 * and leads). Not one's own role, not the shared reviews account, and never the last owner.
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
      await signOutAndRecord(
        trx,
        by,
        "role-changed",
        account,
        `${account.username}: ${roleNames[from]} to ${roleNames[role]}`,
      );
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
 * their password; the password alone never opens the admin for an owner or leads account.
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
      await signOutAndRecord(trx, by, "factor-reset", account, account.username);
    });
  return {
    ok: true,
    message: `${account.username}'s second factor is removed. They set up a new one at their next sign-in.`,
  };
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

/** Ends one of a person's own sessions (another browser); returns whether one ended. */
export async function endOwnSession(staff: StaffSession, idHash: unknown): Promise<boolean> {
  if (typeof idHash !== "string") return false;
  const result = await db()
    .updateTable("sessions")
    .set({ revoked_at: new Date().toISOString() })
    .where("account_id", "=", staff.accountId)
    .where("id_hash", "=", idHash)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  const ended = Number(result.numUpdatedRows) === 1;
  if (ended) await recordAudit(staff, "session-ended", "session", null, "One of their other sessions.");
  return ended;
}

/** Ends all of a person's sessions but this one. */
export async function endOtherSessions(staff: StaffSession): Promise<number> {
  const ended = await db()
    .transaction()
    .execute((trx) => endSessions(trx, staff.accountId, staff.idHash));
  await recordAudit(staff, "session-ended", "session", null, `All other sessions (${ended}).`);
  return ended;
}

/** The username of the first owner's invitation, made at a start while the site has no owner. */
export const firstOwnerUsername = "owner";

/**
 * Until some account is an owner, nobody can read the messages and order requests the site
 * accepts; so every start without one makes a one-time link for the first owner and logs it
 * (a new link replaces the one logged before). `npm run admin:create -- <name> --role owner`
 * does the same under a chosen name.
 */
export async function inviteFirstOwner(): Promise<string | undefined> {
  const owner = await db()
    .selectFrom("accounts")
    .select("id")
    .where("role", "=", "owner")
    .where("disabled_at", "is", null)
    .executeTakeFirst();
  if (owner) return undefined;
  const result = await inviteAccount(commandLine, { username: firstOwnerUsername, role: "owner" });
  return result.ok ? result.link : undefined;
}

/** The address a person's daily list of due leads goes to, if they gave one. */
export async function accountEmail(accountId: string): Promise<string | null> {
  const row = await db().selectFrom("accounts").select("email").where("id", "=", accountId).executeTakeFirst();
  return row?.email ?? null;
}

const dailyEmail = emailAddress(254).or(z.literal("").transform(() => null));

/** Sets, or with "" clears, where a person's own daily list goes. */
export async function setAccountEmail(
  staff: Staff,
  value: unknown,
): Promise<{ ok: true; message: string } | { ok: false; message: string }> {
  const parsed = dailyEmail.safeParse(typeof value === "string" ? value.trim() : value);
  if (!parsed.success) return { ok: false, message: "Please enter a valid email address, or leave it empty" };
  await db().updateTable("accounts").set({ email: parsed.data }).where("id", "=", staff.accountId).execute();
  await recordAudit(staff, "daily-email-changed", "account", staff.accountId);
  return {
    ok: true,
    message: parsed.data ? `Your daily list goes to ${parsed.data}.` : "Your daily list goes to the team's address.",
  };
}
