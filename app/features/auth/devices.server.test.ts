import { describe, expect, it } from "vitest";
import { testDialects } from "#db/test-databases";
import { db } from "~/lib/db.server";
import { setLogLevel } from "~/lib/logger.server";
import { useTestDatabase } from "~/lib/test-database";
import { resetSecondFactor, setDisabled } from "./account-admin.server";
import { createAccount } from "./account-creation.server";
import { endSessions, getSession, sessionIdHash, type StaffSession } from "./sessions.server";
import { setPassword } from "./password-change.server";
import { signIn, signInWithPasskey } from "./sign-in.server";
import { knownDevice } from "./devices.server";
import { confirmTotp, currentTotpCode, newTotpSecret } from "./second-factor.server";
import { completeSecondStep } from "./second-step.server";
import { reserveSignInAttempt, signInLimits } from "./sign-in-limits.server";
import { testHashParams } from "../../../tests/support/hash-params";

setLogLevel("silent");

const password = "a long enough password";

function requestWith(...cookies: Array<string | undefined>) {
  const cookie = cookies.filter(Boolean).join("; ");
  return new Request("http://localhost/admin/login", { method: "POST", headers: cookie ? { Cookie: cookie } : {} });
}

const pair = (setCookie: string | undefined) => setCookie?.split(";")[0] ?? "";

describe.each(testDialects)("known devices on %s", (dialect) => {
  let ip = 0;
  const nextIp = () => `192.0.2.${++ip}`;
  let owner: StaffSession;
  useTestDatabase(dialect, async () => {
    const id = await createAccount("boss", password, "owner", { hashParams: testHashParams });
    owner = { accountId: id, username: "boss" } as StaffSession;
  });

  /** A fresh moderator signed in once: its id, and the session and device cookies its browser got. */
  async function signedInOnce(name: string) {
    const id = await createAccount(name, password, "moderator", { hashParams: testHashParams });
    const result = await signIn(requestWith(), name, password, nextIp());
    if (!result.ok) throw new Error(result.message);
    return { id, cookie: pair(result.cookie), device: pair(result.deviceCookie) };
  }

  it("gives a browser a device cookie at a complete sign-in, known for that account only, and kept at sign-out", async () => {
    const { cookie, device } = await signedInOnce("mod-a");
    expect(device).toMatch(/^aquila_device=[\w-]{43}$/);
    expect(await knownDevice(requestWith(device), "mod-a")).toBeDefined();
    expect(await knownDevice(requestWith(device), "boss")).toBeUndefined();
    expect(await knownDevice(requestWith("aquila_device=" + "x".repeat(43)), "mod-a")).toBeUndefined();
    await endSessions({ session: sessionIdHash(requestWith(cookie)) });
    // Signing out ends the session; the browser is still one that has signed in here.
    expect(await knownDevice(requestWith(device), "mod-a")).toBeDefined();
  });

  it("gives none while a second step is owed", async () => {
    // An owner without a factor must set one up: the password alone is not a complete sign-in.
    const result = await signIn(requestWith(), "boss", password, nextIp());
    expect(result).toMatchObject({ ok: true, next: "enrol" });
    expect(result.ok && result.deviceCookie).toBeFalsy();
  });

  it("gives one when the second step is completed with an authenticator code", async () => {
    const id = await createAccount("lead-a", password, "leads", { hashParams: testHashParams });
    const secret = newTotpSecret();
    await db()
      .transaction()
      .execute(async (trx) => confirmTotp(trx, id, secret, await currentTotpCode(secret)));
    // Setting up used this step's code: start from a clean slate, so the second step may use it.
    await db().updateTable("accounts").set({ totp_last_step: null }).where("id", "=", id).execute();

    const first = await signIn(requestWith(), "lead-a", password, nextIp());
    expect(first).toMatchObject({ ok: true, next: "verify" });
    if (!first.ok) throw new Error(first.message);
    expect(first.deviceCookie).toBeFalsy();
    const session = await getSession(requestWith(pair(first.cookie)));
    if (!session) throw new Error("no session after the password");

    const step = await completeSecondStep(requestWith(pair(first.cookie)), session, await currentTotpCode(secret));
    if (!step.ok) throw new Error(step.message);
    const device = pair(step.deviceCookie);
    expect(device).toMatch(/^aquila_device=[\w-]{43}$/);
    expect(await knownDevice(requestWith(device), "lead-a")).toBeDefined();
  });

  it("gives one at a sign-in with a passkey", async () => {
    const id = await createAccount("lead-b", password, "leads", { hashParams: testHashParams });
    // The passkey itself is checked before this (passkeys.server.ts); this is what follows a good one.
    const signedIn = await signInWithPasskey(requestWith(), { accountId: id, username: "lead-b" });
    const device = pair(signedIn.deviceCookie);
    expect(device).toMatch(/^aquila_device=[\w-]{43}$/);
    expect(await knownDevice(requestWith(device), "lead-b")).toBeDefined();
  });

  it("renews the token at each sign-in and forgets the one it replaces", async () => {
    const { device } = await signedInOnce("mod-b");
    const again = await signIn(requestWith(device), "mod-b", password, nextIp());
    if (!again.ok) throw new Error(again.message);
    const renewed = pair(again.deviceCookie);
    expect(renewed).not.toBe(device);
    expect(await knownDevice(requestWith(device), "mod-b")).toBeUndefined();
    expect(await knownDevice(requestWith(renewed), "mod-b")).toBeDefined();
  });

  it("stops counting an account's device cookies when its password changes, it is disabled, or its factor is reset", async () => {
    const changed = await signedInOnce("mod-c");
    await setPassword("mod-c", "another long enough password");
    expect(await knownDevice(requestWith(changed.device), "mod-c")).toBeUndefined();

    const disabled = await signedInOnce("mod-d");
    expect(await setDisabled(owner, disabled.id, true)).toMatchObject({ ok: true });
    expect(await setDisabled(owner, disabled.id, false)).toMatchObject({ ok: true });
    expect(await knownDevice(requestWith(disabled.device), "mod-d")).toBeUndefined();

    const reset = await signedInOnce("mod-e");
    expect(await resetSecondFactor(owner, reset.id)).toMatchObject({ ok: true });
    expect(await knownDevice(requestWith(reset.device), "mod-e")).toBeUndefined();
  });

  it("counts a known device's attempts against it, until its own failures make it a browser never seen", async () => {
    const { device } = await signedInOnce("mod-f");
    const hash = await knownDevice(requestWith(device), "mod-f");
    const address = "198.51.100.77";
    const { failures } = signInLimits.perDevice;
    // Past the address's own limits, the device's attempts are still taken, counted against it.
    for (let n = 0; n < failures; n++) {
      const reservation = await reserveSignInAttempt("mod-f", address, Date.now(), hash);
      expect(reservation).toMatchObject({ ok: true, device: hash, failures: n });
    }
    const untrusted = await reserveSignInAttempt("mod-f", address, Date.now(), hash);
    // Five failures at this account from this address in a minute: the address's rule refuses it.
    expect(untrusted).toMatchObject({ ok: false });
    // An hour on, the device is trusted again.
    const later = await reserveSignInAttempt(
      "mod-f",
      address,
      Date.now() + signInLimits.perDevice.windowMs + 1000,
      hash,
    );
    expect(later).toMatchObject({ ok: true, device: hash, failures: 0 });
  });
});
