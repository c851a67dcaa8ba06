import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { addressBlock } from "~/lib/address-block.server";
import { db, type Executor, getDatabase } from "~/lib/db.server";
import { log } from "~/lib/logger.server";

/**
 * How fast wrong passwords may be tried (docs/decisions/010-sign-in-limits.md). Only failures
 * count, and each rule names an address, so a flood of wrong guesses from other addresses never
 * stops the right password from this one:
 *
 * - one address, any accounts: 20 failures in 15 minutes;
 * - one address, one account: 5 failures in a minute.
 *
 * An address is an IPv4 address or an IPv6 /64 (`addressBlock`). An attacker therefore gets at
 * most 80 guesses an hour at an account from each address it controls; staff who mistype wait at
 * most a minute (or, after 20 failures from one address, until the oldest of them is 15 minutes
 * old). The wait is computed from the stored failures, so Retry-After is the true time until the
 * next attempt is accepted. The rows live in the database, so every instance applies the same
 * limits.
 *
 * A browser that has signed in to the account before (its device cookie, devices.server.ts) is
 * counted by the device instead, wherever it is: 5 failures in an hour. Past that, its cookie is
 * not trusted until they leave the window, and it is counted by its address like any browser.
 */
export const signInLimits = {
  perAddress: { failures: 20, windowMs: 15 * 60_000 },
  perAccountAndAddress: { failures: 5, windowMs: 60_000 },
  perDevice: { failures: 5, windowMs: 60 * 60_000 },
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

/**
 * The newest failures of an address (`ip`) or a device in the window of `rule`, at most as many as
 * it allows, with the account each tried.
 *
 * For an address, the per-account rule is read from the same rows: with fewer than the limit they
 * are every failure of the window, which holds the shorter one; with as many, the per-address rule
 * refuses anyway, and a failure at the account missing from them is no newer than the oldest of
 * them, so the per-account wait it would set is shorter than the per-address one, and the answer's
 * wait is the same.
 */
function recentFailures(
  trx: Executor,
  by: "ip" | "device",
  key: string,
  rule: { failures: number; windowMs: number },
  now: number,
) {
  return trx
    .selectFrom("sign_in_failures")
    .select(["at", "account"])
    .where(by, "=", key)
    .where("at", ">", new Date(now - rule.windowMs).toISOString())
    .orderBy("at", "desc")
    .limit(rule.failures)
    .execute();
}

/**
 * Two attempts from one address must not both count the failures before either is stored. SQLite
 * needs nothing more: a transaction here begins IMMEDIATE (db/client.server.ts), holding the one
 * write lock of the file for every process from its first statement. PostgreSQL lets transactions
 * read side by side, so they queue on an advisory lock named after the address, which it releases
 * at commit.
 */
async function serialisePer(trx: Executor, key: string) {
  if (getDatabase().dialect !== "postgres") return;
  await sql`select pg_advisory_xact_lock(hashtextextended(${`sign-in ${key}`}, 0))`.execute(trx);
}

export type SignInReservation =
  | {
      ok: true;
      id: string;
      address: string;
      /** The known device it was counted against, if it was. */
      device?: string;
      /** The failures already counted against the device, or else the address, for the queue of checks. */
      failures: number;
    }
  | { ok: false; wait: number };

/**
 * Counts an attempt before its password is checked, so attempts sent at once are counted like
 * attempts sent one by one: in one transaction, refuses it (with the seconds until this address may
 * try this account again) or stores it as a failure. A right password then releases it
 * (`releaseSignInAttempt`); a wrong one, or a check that never ends, leaves it counted as a
 * failure. `failures` is how many this address had in the wider window, for the queue of checks.
 *
 * `device`: the hash of a device cookie known for this account (`knownDevice`). While the device
 * has fewer failures than its rule allows, the attempt is counted against it and the address's
 * rules are not asked: others' failures from that address never refuse it. Its row names the
 * address too, so it is a failure of the address as well.
 */
export async function reserveSignInAttempt(
  username: string,
  ip: string,
  now = Date.now(),
  device?: string,
): Promise<SignInReservation> {
  const address = addressBlock(ip);
  const account = accountKey(username);
  const { perAddress, perAccountAndAddress, perDevice } = signInLimits;
  const store = async (trx: Executor) => {
    const id = randomUUID();
    await trx
      .insertInto("sign_in_failures")
      .values({ id, account, ip: address, at: new Date(now).toISOString(), device: device ?? null })
      .execute();
    return id;
  };
  return db()
    .transaction()
    .execute(async (trx) => {
      if (device) {
        // Locks are always taken device first, then address: two attempts never wait on each other.
        await serialisePer(trx, `device ${device}`);
        const failed = await recentFailures(trx, "device", device, perDevice, now);
        if (failed.length < perDevice.failures) {
          return { ok: true, id: await store(trx), address, device, failures: failed.length };
        }
      }
      await serialisePer(trx, address);
      const fromAddress = await recentFailures(trx, "ip", address, perAddress, now);
      const accountSince = new Date(now - perAccountAndAddress.windowMs).toISOString();
      const atAccount = fromAddress.filter((row) => row.account === account && row.at > accountSince);
      const waitMs = Math.max(
        waitFor(fromAddress, perAddress.failures, perAddress.windowMs, now),
        waitFor(atAccount, perAccountAndAddress.failures, perAccountAndAddress.windowMs, now),
      );
      if (waitMs > 0) return { ok: false, wait: Math.ceil(waitMs / 1000) };
      return { ok: true, id: await store(trx), address, failures: fromAddress.length };
    });
}

/** A successful sign-in, or an attempt whose password was never checked, never counts. */
export async function releaseSignInAttempt(id: string) {
  await db().deleteFrom("sign_in_failures").where("id", "=", id).execute();
}

/** Accounts this process has warned of, and when: one warning an attack, not one a guess. */
const warnedAt = new Map<string, number>();

/**
 * A reserved attempt turned out wrong, and its reservation stays as the failure: warns in the log
 * when the failures at the account have reached the mark. Failures are counted while others are
 * still being checked, so the count can step past the mark; it warns once a window per account in
 * each process.
 */
export async function warnIfUnderAttack(username: string, now = Date.now()) {
  const account = accountKey(username);
  const since = now - signInLimits.perAddress.windowMs;
  const recent = await db()
    .selectFrom("sign_in_failures")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("account", "=", account)
    .where("at", ">", new Date(since).toISOString())
    .executeTakeFirstOrThrow();
  if (Number(recent.n) < attackWarningAt) return;
  for (const [key, at] of warnedAt) if (at <= since) warnedAt.delete(key);
  if (warnedAt.has(account)) return;
  warnedAt.set(account, now);
  log.warn("many failed sign-ins at one account; it may be under attack", { account, minutes: 15 });
}

/** Failures older than a day, every window behind them, and device cookies past their year. */
export async function purgeSignInFailures(now = Date.now()) {
  await db()
    .deleteFrom("sign_in_failures")
    .where("at", "<", new Date(now - 86_400_000).toISOString())
    .execute();
  await db().deleteFrom("sign_in_devices").where("expires_at", "<=", new Date(now).toISOString()).execute();
}
