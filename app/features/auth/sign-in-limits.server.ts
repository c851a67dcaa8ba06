import { randomUUID } from "node:crypto";
import { db } from "~/lib/db.server";
import { log } from "~/lib/logger.server";

/**
 * How fast wrong passwords may be tried (docs/decisions/010-sign-in-limits.md). Only failures
 * count, and each rule names an address, so a flood of wrong guesses from other addresses never
 * stops the right password from this one:
 *
 * - one address, any accounts: 20 failures in 15 minutes;
 * - one address, one account: 5 failures in a minute.
 *
 * An attacker therefore gets at most 80 guesses an hour at an account from each address it
 * controls; staff who mistype wait at most a minute (or, after 20 failures from one address,
 * until the oldest of them is 15 minutes old). The wait is computed from the stored failures, so
 * Retry-After is the true time until the next attempt is accepted. The rows live in the database,
 * so every instance applies the same limits.
 */
export const signInLimits = {
  perAddress: { failures: 20, windowMs: 15 * 60_000 },
  perAccountAndAddress: { failures: 5, windowMs: 60_000 },
} as const;

/** Failures at one account, from anywhere, in 15 minutes that make the log warn of an attack. */
const attackWarningAt = 50;

function accountKey(username: string) {
  return username.trim().toLowerCase().slice(0, 100);
}

/** When the `limit`-th most recent failure leaves the window, one more attempt is allowed. */
function waitFor(rows: Array<{ at: string }>, limit: number, windowMs: number, now: number): number {
  if (rows.length < limit) return 0;
  const edge = rows[limit - 1];
  return edge ? Math.max(0, Date.parse(edge.at) + windowMs - now) : 0;
}

/** Seconds until this address may try this account again (0: it may now). */
export async function signInWait(username: string, ip: string, now = Date.now()): Promise<number> {
  const { perAddress, perAccountAndAddress } = signInLimits;
  const [fromAddress, atAccount] = await Promise.all([
    db()
      .selectFrom("sign_in_failures")
      .select("at")
      .where("ip", "=", ip)
      .where("at", ">", new Date(now - perAddress.windowMs).toISOString())
      .orderBy("at", "desc")
      .limit(perAddress.failures)
      .execute(),
    db()
      .selectFrom("sign_in_failures")
      .select("at")
      .where("account", "=", accountKey(username))
      .where("ip", "=", ip)
      .where("at", ">", new Date(now - perAccountAndAddress.windowMs).toISOString())
      .orderBy("at", "desc")
      .limit(perAccountAndAddress.failures)
      .execute(),
  ]);
  const waitMs = Math.max(
    waitFor(fromAddress, perAddress.failures, perAddress.windowMs, now),
    waitFor(atAccount, perAccountAndAddress.failures, perAccountAndAddress.windowMs, now),
  );
  return Math.ceil(waitMs / 1000);
}

export async function recordSignInFailure(username: string, ip: string, now = Date.now()) {
  const account = accountKey(username);
  await db().insertInto("sign_in_failures").values({ id: randomUUID(), account, ip, at: new Date(now).toISOString() }).execute();
  const recent = await db()
    .selectFrom("sign_in_failures")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("account", "=", account)
    .where("at", ">", new Date(now - signInLimits.perAddress.windowMs).toISOString())
    .executeTakeFirstOrThrow();
  // Warn once as the count passes the mark, not on every guess after it.
  if (Number(recent.n) === attackWarningAt) log.warn("many failed sign-ins at one account; it may be under attack", { account, minutes: 15 });
}

export async function purgeSignInFailures(now = Date.now()) {
  await db()
    .deleteFrom("sign_in_failures")
    .where("at", "<", new Date(now - 86_400_000).toISOString())
    .execute();
}
