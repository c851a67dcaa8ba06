import { randomUUID } from "node:crypto";
import { getConfig } from "~/lib/config.server";
import { db, type Executor } from "~/lib/db.server";
import { log } from "~/lib/logger.server";
import type { Role } from "~/lib/staff";
import { passwordProblem } from "./password-policy.server";
import { generatePassword, type HashParams, hashPassword } from "./password.server";

/**
 * How staff accounts come to be (docs/decisions/024-staff-accounts.md): the built-in `admin` at
 * the first start, and every other one (an accepted invitation, the command line, the tests'
 * seeds). Accounts carry scrypt hashes; the built-in account stays a password-only moderator.
 */
export const builtInUsername = "admin";

/** Whether an account may have a second factor: every one but the shared reviews account. */
export function mayHaveSecondFactor(account: { username: string }): boolean {
  return account.username !== builtInUsername;
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
