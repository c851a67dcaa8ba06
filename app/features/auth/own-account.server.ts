import { recordAudit } from "~/lib/audit.server";
import { db } from "~/lib/db.server";
import type { Staff } from "~/lib/staff";
import { emailAddress, z } from "~/lib/zod";
import { endSessions, type StaffSession } from "./sessions.server";
import { dailyEmailFields } from "./account-fields";

/**
 * What a person changes on their own account page, besides their password
 * (password-change.server.ts) and second factor: their other sessions, and where their daily
 * list of due leads goes.
 */

/** Ends one of a person's own sessions (another browser); returns whether one ended. */
export async function endOwnSession(staff: StaffSession, idHash: unknown): Promise<boolean> {
  if (typeof idHash !== "string") return false;
  const ended = await endSessions({
    session: idHash,
    account: staff.accountId,
    by: staff,
    audit: (n) =>
      n === 1
        ? { action: "session-ended", targetType: "session", targetId: null, detail: "One of their other sessions." }
        : undefined,
  });
  return ended === 1;
}

/** Ends all of a person's sessions but this one. */
export async function endOtherSessions(staff: StaffSession): Promise<number> {
  return endSessions({
    account: staff.accountId,
    except: staff.idHash,
    by: staff,
    audit: (n) => ({
      action: "session-ended",
      targetType: "session",
      targetId: null,
      detail: `All other sessions (${n}).`,
    }),
  });
}

/** The address a person's daily list of due leads goes to, if they gave one. */
export async function accountEmail(accountId: string): Promise<string | null> {
  const row = await db().selectFrom("accounts").select("email").where("id", "=", accountId).executeTakeFirst();
  return row?.email ?? null;
}

const dailyEmail = emailAddress(dailyEmailFields.email.max).or(z.literal("").transform(() => null));

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
