import { getConfig } from "~/lib/config.server";
import { cookieName, cookieValues, siteCookies } from "~/lib/cookies";
import { setCookie } from "~/lib/cookies.server";
import { db, type Executor } from "~/lib/db.server";
import { hashToken, isTokenShape, newToken } from "./tokens.server";

/**
 * Browsers that have signed in before (docs/decisions/030-known-devices.md). A successful sign-in
 * gives the browser a device cookie: a random token for the account, stored only as its hash. A
 * later sign-in to the same account carrying it is counted against the device, not its address,
 * and has a password check of its own (auth.server.ts), so a flood of guesses from other addresses
 * neither refuses it nor makes it wait. A device with too many failures of its own
 * (`signInLimits.perDevice`) is treated as a browser never seen until they leave their window.
 */
const deviceLifetimeMs = siteCookies.device.maxAgeSeconds * 1000;

function deviceCookieName() {
  return cookieName(siteCookies.device, getConfig().siteIsHttps);
}

/** The hash of the device token this request carries, if it has one of the right shape. */
function deviceHashOf(request: Request): string | undefined {
  const token = cookieValues(request.headers.get("Cookie"), deviceCookieName()).find(isTokenShape);
  return token === undefined ? undefined : hashToken(token);
}

/**
 * The device (its token's hash) when this request's device cookie was given at a sign-in to
 * `username`'s account, has not expired, and the account is enabled; otherwise undefined, and the
 * attempt is one from a browser never seen.
 */
export async function knownDevice(request: Request, username: string, now = Date.now()): Promise<string | undefined> {
  const hash = deviceHashOf(request);
  if (!hash) return undefined;
  const row = await db()
    .selectFrom("sign_in_devices")
    .innerJoin("accounts", "accounts.id", "sign_in_devices.account_id")
    .select("sign_in_devices.id_hash")
    .where("sign_in_devices.id_hash", "=", hash)
    .where("sign_in_devices.expires_at", ">", new Date(now).toISOString())
    .where("accounts.username", "=", username)
    .where("accounts.disabled_at", "is", null)
    .executeTakeFirst();
  return row?.id_hash;
}

/**
 * After a successful sign-in: a new device token for the account, and the Set-Cookie that gives it
 * to the browser. The token the browser had (for this account or another) is forgotten: one
 * browser holds one, and each sign-in renews it for another year.
 */
export async function rememberDevice(request: Request, accountId: string, now = Date.now()): Promise<string> {
  const token = newToken();
  const previous = deviceHashOf(request);
  await db()
    .transaction()
    .execute(async (trx) => {
      if (previous) await trx.deleteFrom("sign_in_devices").where("id_hash", "=", previous).execute();
      await trx
        .insertInto("sign_in_devices")
        .values({
          id_hash: hashToken(token),
          account_id: accountId,
          created_at: new Date(now).toISOString(),
          expires_at: new Date(now + deviceLifetimeMs).toISOString(),
        })
        .execute();
    });
  return setCookie(siteCookies.device, token, getConfig().siteIsHttps);
}

/**
 * The account's device cookies stop counting: its password changed, it was disabled, or its
 * second factor was reset. Its browsers sign in as ones never seen until they sign in again.
 */
export async function forgetDevices(within: Executor, accountId: string) {
  await within.deleteFrom("sign_in_devices").where("account_id", "=", accountId).execute();
}
