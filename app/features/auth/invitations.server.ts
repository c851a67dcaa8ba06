import { recordAudit } from "~/lib/audit.server";
import { getConfig } from "~/lib/config.server";
import { db, type Executor } from "~/lib/db.server";
import { sendMailNow, type SentNow } from "~/lib/outbox/delivery.server";
import { commandLine, isRole, requiresSecondFactor, type Role, roleNames, type Staff } from "~/lib/staff";
import { fieldErrorsOf } from "~/lib/zod";
import { createAccount } from "./account-creation.server";
import { expiredInvitationMessage, invitationHours } from "./invitations";
import { replacePassword } from "./password-change.server";
import { passwordProblem } from "./password-policy.server";
import { hashPassword } from "./password.server";
import { InviteEmailSchema, NewPasswordSchema, NewUsernameSchema } from "./schema";
import { hashToken, isTokenShape, newToken } from "./tokens.server";

/**
 * One-time links to /admin/invite/… (docs/staff.md): an invitation for a new person, or a new
 * password for a person who forgot theirs; the first owner's invitation at a start without one.
 * Every link is in the audit log.
 */

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
