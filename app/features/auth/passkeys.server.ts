import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { recordAudit } from "~/lib/audit.server";
import { getConfig } from "~/lib/config.server";
import { db } from "~/lib/db.server";
import { log } from "~/lib/logger.server";
import { requiresSecondFactor } from "~/lib/staff";
import { mayHaveSecondFactor } from "./account-creation.server";
import { type StaffSession } from "./sessions.server";
import type { PasskeyPurpose } from "./passkey-purpose";
import { newRecoveryCodes, storeRecoveryCodes, unusedRecoveryCodes } from "./second-factor.server";

/**
 * Passkeys (WebAuthn, `@simplewebauthn/server`; decision 024): a person adds one from their account
 * or while setting up their second factor, and then signs in with it alone (it is something they
 * have, unlocked by something they know or are), or uses it as the second step after a password,
 * or to confirm who they are. Each challenge is stored, lives two minutes, and is taken once.
 */

const challengeLifeMs = 2 * 60_000;

function relyingParty() {
  const site = new URL(getConfig().siteUrl);
  return { id: site.hostname, origin: site.origin, name: "Aquila staff" };
}

async function keepChallenge(challenge: string, purpose: PasskeyPurpose, sessionHash: string | null) {
  const now = Date.now();
  await db().deleteFrom("passkey_challenges").where("expires_at", "<", new Date(now).toISOString()).execute();
  await db()
    .insertInto("passkey_challenges")
    .values({
      challenge,
      purpose,
      session_hash: sessionHash,
      expires_at: new Date(now + challengeLifeMs).toISOString(),
    })
    .execute();
}

/** Takes a challenge given out for this purpose (and session); true once, then never again. */
async function takeChallenge(challenge: string, purpose: PasskeyPurpose, sessionHash: string | null) {
  let query = db()
    .deleteFrom("passkey_challenges")
    .where("challenge", "=", challenge)
    .where("purpose", "=", purpose)
    .where("expires_at", ">", new Date().toISOString());
  query = sessionHash ? query.where("session_hash", "=", sessionHash) : query.where("session_hash", "is", null);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Whether the browser's answer names a challenge this site gave out for this purpose: read from the signed data, taken once. */
function challengeOf(response: { response: { clientDataJSON: string } }): string | undefined {
  try {
    const client = JSON.parse(Buffer.from(response.response.clientDataJSON, "base64url").toString("utf8")) as {
      challenge?: unknown;
    };
    return typeof client.challenge === "string" ? client.challenge : undefined;
  } catch {
    return undefined;
  }
}

export async function registrationOptions(session: StaffSession) {
  const rp = relyingParty();
  const existing = await db()
    .selectFrom("passkeys")
    .select(["id", "transports"])
    .where("account_id", "=", session.accountId)
    .execute();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: session.username,
    userID: new TextEncoder().encode(session.accountId),
    attestationType: "none",
    excludeCredentials: existing.map((key) => ({ id: key.id, transports: parseTransports(key.transports) })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  await keepChallenge(options.challenge, "register", session.idHash);
  return options;
}

function parseTransports(value: string | null): string[] | undefined {
  if (!value) return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === "string") : undefined;
  } catch {
    return undefined;
  }
}

export type PasskeyAdded = { ok: true; recoveryCodes: string[] | null } | { ok: false; message: string };

/**
 * Stores the passkey a browser made for this person. The first factor an account gets also
 * gives it ten recovery codes (returned to be shown once); an account that has them keeps them.
 */
export async function addPasskey(session: StaffSession, response: RegistrationResponseJSON): Promise<PasskeyAdded> {
  if (!mayHaveSecondFactor(session)) return { ok: false, message: "The shared reviews account cannot have a passkey." };
  const rp = relyingParty();
  const challenge = challengeOf(response);
  if (!challenge || !(await takeChallenge(challenge, "register", session.idHash)))
    return { ok: false, message: "That took too long or was already used. Try adding the passkey again." };
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
  } catch (error) {
    log.info("passkey registration refused", { error: error instanceof Error ? error.message : String(error) });
    return { ok: false, message: "The passkey could not be checked. Try again, or use an authenticator app." };
  }
  if (!verification.verified) return { ok: false, message: "The passkey could not be checked." };
  const { credential } = verification.registrationInfo;
  const now = new Date();
  const name = `Passkey added ${now.toLocaleDateString("en-US", { day: "numeric", month: "short", year: "numeric", timeZone: "America/New_York" })}`;
  return db()
    .transaction()
    .execute(async (trx) => {
      await trx
        .insertInto("passkeys")
        .values({
          id: credential.id,
          account_id: session.accountId,
          public_key: Buffer.from(credential.publicKey).toString("base64url"),
          counter: credential.counter,
          transports: credential.transports ? JSON.stringify(credential.transports) : null,
          name,
          created_at: now.toISOString(),
        })
        .execute();
      const hasCodes = (await unusedRecoveryCodes(session.accountId, trx)) > 0;
      const codes = hasCodes ? null : newRecoveryCodes();
      if (codes) await storeRecoveryCodes(trx, session.accountId, codes);
      await recordAudit(
        session,
        "factor-added",
        "account",
        session.accountId,
        `Passkey${codes ? "; 10 recovery codes" : ""}.`,
        trx,
      );
      return { ok: true as const, recoveryCodes: codes };
    });
}

/**
 * Options for a browser to sign with a passkey: for a sign-in, any of this site's passkeys the
 * browser holds (so it can offer them in the username field's autofill); for a second step or a
 * confirmation, the signed-in person's own.
 */
export async function authenticationOptions(purpose: Exclude<PasskeyPurpose, "register">, session?: StaffSession) {
  const rp = relyingParty();
  const own = session
    ? await db()
        .selectFrom("passkeys")
        .select(["id", "transports"])
        .where("account_id", "=", session.accountId)
        .execute()
    : [];
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: "required",
    allowCredentials: own.map((key) => ({ id: key.id, transports: parseTransports(key.transports) })),
  });
  await keepChallenge(options.challenge, purpose, session?.idHash ?? null);
  return options;
}

export type PasskeyCheck = { ok: true; accountId: string; username: string } | { ok: false; message: string };

export const passkeyRefusedMessage = "That passkey could not be used here. Try again, or sign in with your password.";

/** Checks a browser's signature with a passkey; for a second step or a confirmation, it must be the person's own. */
export async function checkPasskey(
  purpose: Exclude<PasskeyPurpose, "register">,
  response: AuthenticationResponseJSON,
  session?: StaffSession,
): Promise<PasskeyCheck> {
  const rp = relyingParty();
  const challenge = challengeOf(response);
  if (!challenge || !(await takeChallenge(challenge, purpose, session?.idHash ?? null)))
    return { ok: false, message: "That took too long or was already used. Try again." };
  const key = await db()
    .selectFrom("passkeys")
    .innerJoin("accounts", "accounts.id", "passkeys.account_id")
    .select([
      "passkeys.id",
      "passkeys.public_key",
      "passkeys.counter",
      "passkeys.transports",
      "accounts.id as account_id",
      "accounts.username",
      "accounts.disabled_at",
    ])
    .where("passkeys.id", "=", response.id)
    .executeTakeFirst();
  if (!key || key.disabled_at || (session && key.account_id !== session.accountId))
    return { ok: false, message: passkeyRefusedMessage };
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: key.id,
        publicKey: new Uint8Array(Buffer.from(key.public_key, "base64url")),
        counter: Number(key.counter),
        transports: parseTransports(key.transports),
      },
      requireUserVerification: true,
    });
  } catch (error) {
    log.info("passkey sign-in refused", { error: error instanceof Error ? error.message : String(error) });
    return { ok: false, message: passkeyRefusedMessage };
  }
  if (!verification.verified) return { ok: false, message: passkeyRefusedMessage };
  await db()
    .updateTable("passkeys")
    .set({ counter: verification.authenticationInfo.newCounter, last_used_at: new Date().toISOString() })
    .where("id", "=", key.id)
    .execute();
  return { ok: true, accountId: key.account_id, username: key.username };
}

/** A person's passkeys, for their account page. */
export async function listPasskeys(accountId: string) {
  return db()
    .selectFrom("passkeys")
    .select(["id", "name", "created_at", "last_used_at"])
    .where("account_id", "=", accountId)
    .orderBy("created_at")
    .execute();
}

/** Removes one of a person's own passkeys; an account that must use a second factor keeps at least one. */
export async function removePasskey(session: StaffSession, id: unknown): Promise<{ ok: boolean; message: string }> {
  if (typeof id !== "string") return { ok: false, message: "That passkey is no longer there." };
  const keys = await listPasskeys(session.accountId);
  if (!keys.some((key) => key.id === id)) return { ok: false, message: "That passkey is no longer there." };
  if (keys.length === 1 && !session.hasApp && requiresSecondFactor(session.role))
    return {
      ok: false,
      message: "This is your only second factor: add another passkey or an authenticator app first.",
    };
  await db()
    .transaction()
    .execute(async (trx) => {
      await trx.deleteFrom("passkeys").where("id", "=", id).where("account_id", "=", session.accountId).execute();
      await recordAudit(session, "factor-removed", "account", session.accountId, "Passkey.", trx);
    });
  return { ok: true, message: "The passkey is removed. Remove it from your device or password manager too." };
}
