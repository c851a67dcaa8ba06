import type { DatabaseHandle } from "#db/client.server";
import { createAccount } from "~/features/auth/account-creation.server";
import { confirmTotp, currentTotpCode, newTotpSecret } from "~/features/auth/second-factor.server";
import { getSession, type StaffSession } from "~/features/auth/sessions.server";
import { signIn } from "~/features/auth/sign-in.server";
import { testHashParams } from "./hash-params";

/**
 * A new owner account with an authenticator app, signed in through the real sign-in with its
 * password and a code, from `address`; the session as the site reads it from the cookie.
 */
export async function signedInOwner(
  database: DatabaseHandle,
  username: string,
  password: string,
  address: string,
): Promise<StaffSession> {
  const id = await createAccount(username, password, "owner", { hashParams: testHashParams });
  const secret = newTotpSecret();
  await database.db.transaction().execute(async (trx) => confirmTotp(trx, id, secret, await currentTotpCode(secret)));
  // The code just used may be used again at once by the sign-in: this is setting up, not a replay.
  await database.db.updateTable("accounts").set({ totp_last_step: null }).where("id", "=", id).execute();
  const result = await signIn(new Request("http://localhost/"), username, password, address, Date.now(), {
    code: await currentTotpCode(secret),
  });
  if (!result.ok) throw new Error(result.message);
  const cookie = result.cookie.split(";")[0] ?? "";
  const session = await getSession(new Request("http://localhost/", { headers: { Cookie: cookie } }));
  if (!session) throw new Error(`the session of ${username} was not found`);
  return session;
}
