import { describe, expect, it } from "vitest";
import { testDialects } from "#db/test-databases";
import { useTestDatabase } from "~/lib/test-database";
import { setLogLevel } from "~/lib/logger.server";
import { siteCookies } from "~/lib/cookies";
import {
  absoluteTimeoutMs,
  createAccount,
  getStaff,
  idleTimeoutMs,
  renewSession,
  revokeSession,
  setPassword,
  signIn,
} from "./auth.server";
import { testHashParams } from "../../../tests/support/hash-params";

setLogLevel("silent");

function requestWith(cookie?: string) {
  return new Request("http://localhost/admin", { headers: cookie ? { Cookie: cookie } : {} });
}

function cookieOf(setCookie: string) {
  return setCookie.split(";")[0] ?? "";
}

describe.each(testDialects)("staff sessions on %s", (dialect) => {
  let ip = 0;
  const nextIp = () => `192.0.2.${++ip}`;
  const database = useTestDatabase(dialect, async () => {
    await createAccount("moderator", "a long enough password", "moderator", { hashParams: testHashParams });
  });

  it("signs in with the right password and sets a strict, HttpOnly cookie", async () => {
    const result = await signIn(requestWith(), "moderator", "a long enough password", nextIp());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const [pair, ...attributes] = result.cookie.split("; ");
    expect(pair).toMatch(/^aquila_session=[\w-]{43}$/);
    expect(attributes.sort()).toEqual(["HttpOnly", "Max-Age=43200", "Path=/", "SameSite=Strict"]);
    // As long as the session itself, and as /privacy says (lib/cookies.ts).
    expect(siteCookies.session.maxAgeSeconds * 1000).toBe(absoluteTimeoutMs);
    expect(await getStaff(requestWith(cookieOf(result.cookie)))).toMatchObject({ username: "moderator" });
    // Only a hash of the token is stored.
    const token = cookieOf(result.cookie).split("=")[1] ?? "";
    const stored = await database().db.selectFrom("sessions").select("id_hash").execute();
    expect(stored.some((s) => s.id_hash === token)).toBe(false);
  });

  it("gives the same answer for an unknown user and a wrong password", async () => {
    const unknown = await signIn(requestWith(), "nobody", "whatever", nextIp());
    const wrong = await signIn(requestWith(), "moderator", "wrong password", nextIp());
    expect(unknown).toEqual({ ok: false, status: 401, message: "Invalid username or password" });
    expect(wrong).toEqual(unknown);
  });

  it("rotates the session at sign-in: the old cookie stops working", async () => {
    const first = await signIn(requestWith(), "moderator", "a long enough password", nextIp());
    if (!first.ok) throw new Error("sign-in failed");
    const old = cookieOf(first.cookie);
    const second = await signIn(requestWith(old), "moderator", "a long enough password", nextIp());
    if (!second.ok) throw new Error("sign-in failed");
    expect(cookieOf(second.cookie)).not.toBe(old);
    expect(await getStaff(requestWith(old))).toBeUndefined();
    expect(await getStaff(requestWith(cookieOf(second.cookie)))).toBeDefined();
  });

  it("renews a session's id once when it proves something new, keeping its 12-hour limit; forty renewals at once make one session", async () => {
    const result = await signIn(requestWith(), "moderator", "a long enough password", nextIp());
    if (!result.ok) throw new Error("sign-in failed");
    const old = cookieOf(result.cookie);
    const session = await getStaff(requestWith(old));
    if (!session) throw new Error("no session");
    const openSessions = async () =>
      (
        await database()
          .db.selectFrom("sessions")
          .select("id_hash")
          .where("account_id", "=", session.accountId)
          .where("revoked_at", "is", null)
          .execute()
      ).map((s) => s.id_hash);
    const before = await openSessions();
    const cookies = await Promise.all(
      Array.from({ length: 40 }, () => renewSession(requestWith(old), session, { confirmedAt: Date.now() })),
    );
    const made = cookies.filter((c): c is string => c !== undefined);
    expect(made).toHaveLength(1);
    const renewed = await getStaff(requestWith(cookieOf(made[0] ?? "")));
    expect(renewed).toMatchObject({ accountId: session.accountId, expiresAt: session.expiresAt });
    expect(renewed?.confirmedAt).toBeGreaterThanOrEqual(session.confirmedAt ?? 0);
    expect(await getStaff(requestWith(old))).toBeUndefined();
    const open = await openSessions();
    expect(open).toHaveLength(before.length);
    expect(open).toContain(renewed?.idHash);
    expect(open).not.toContain(session.idHash);
  });

  it("refuses a replayed cookie after sign-out", async () => {
    const result = await signIn(requestWith(), "moderator", "a long enough password", nextIp());
    if (!result.ok) throw new Error("sign-in failed");
    const cookie = cookieOf(result.cookie);
    await revokeSession(requestWith(cookie));
    expect(await getStaff(requestWith(cookie))).toBeUndefined();
  });

  it("ends a session after 30 idle minutes and after 12 hours whatever the activity", async () => {
    // The session began between these two moments (signing in hashes a password: it takes a while).
    const start = Date.now();
    const result = await signIn(requestWith(), "moderator", "a long enough password", nextIp());
    if (!result.ok) throw new Error("sign-in failed");
    const signedIn = Date.now();
    const cookie = cookieOf(result.cookie);
    expect(await getStaff(requestWith(cookie), start + idleTimeoutMs - 1000)).toBeDefined();
    // Keep it busy every 20 minutes until the absolute limit.
    let t = start + idleTimeoutMs - 1000;
    while (t + 20 * 60_000 < start + absoluteTimeoutMs) {
      t += 20 * 60_000;
      expect(await getStaff(requestWith(cookie), t)).toBeDefined();
    }
    expect(await getStaff(requestWith(cookie), signedIn + absoluteTimeoutMs + 1)).toBeUndefined();

    const idle = await signIn(requestWith(), "moderator", "a long enough password", nextIp());
    if (!idle.ok) throw new Error("sign-in failed");
    expect(await getStaff(requestWith(cookieOf(idle.cookie)), Date.now() + idleTimeoutMs + 1000)).toBeUndefined();
  });

  it("never lets a flood of wrong guesses from other addresses stop the right password", async () => {
    // At the site's own cost: the flood's guesses take as long to check as real ones do.
    await createAccount("target", "another long password");
    // Six addresses each spend their budget on the account, and each is then refused.
    for (let a = 0; a < 6; a++) {
      const address = `203.0.113.${a + 1}`;
      for (let i = 0; i < 5; i++)
        expect(await signIn(requestWith(), "target", `guess ${a}.${i}`, address)).toMatchObject({ status: 401 });
      expect(await signIn(requestWith(), "target", "another long password", address)).toMatchObject({ status: 429 });
    }
    // Staff at another address get in at once.
    expect((await signIn(requestWith(), "target", "another long password", nextIp())).ok).toBe(true);
  }, 60_000);

  it("slows one address at one account with a truthful wait: the attempt after it is accepted", async () => {
    await createAccount("typist", "the typist's long password", "moderator", { hashParams: testHashParams });
    const address = "198.51.100.9";
    const start = Date.now();
    for (let i = 0; i < 5; i++) await signIn(requestWith(), "typist", "typo", address, start + i * 1000);
    const refused = await signIn(requestWith(), "typist", "the typist's long password", address, start + 10_000);
    expect(refused).toMatchObject({ ok: false, status: 429 });
    const wait = refused.ok ? 0 : (refused.retryAfter ?? 0);
    // The first failure leaves the one-minute window 60 s after it was made: 50 s from now.
    expect(wait).toBe(50);
    expect(
      await signIn(requestWith(), "typist", "the typist's long password", address, start + 10_000 + (wait - 1) * 1000),
    ).toMatchObject({ status: 429 });
    expect(
      (await signIn(requestWith(), "typist", "the typist's long password", address, start + 10_000 + wait * 1000)).ok,
    ).toBe(true);
  });

  it("never counts a successful sign-in", async () => {
    const address = "198.51.100.10";
    for (let i = 0; i < 25; i++)
      expect((await signIn(requestWith(), "moderator", "a long enough password", address)).ok).toBe(true);
  }, 60_000);

  it("limits failures per address, whichever account they aim at, and says until when", async () => {
    const address = "198.51.100.7";
    const start = Date.now();
    for (let i = 0; i < 20; i++) await signIn(requestWith(), `user${i}`, "guess", address, start + i * 1000);
    const refused = await signIn(requestWith(), "moderator", "a long enough password", address, start + 30_000);
    expect(refused).toMatchObject({ ok: false, status: 429 });
    // The oldest of the twenty leaves the 15-minute window 900 s after it was made.
    expect(refused.ok ? 0 : refused.retryAfter).toBe(870);
    expect((await signIn(requestWith(), "moderator", "a long enough password", address, start + 900_000)).ok).toBe(
      true,
    );
  }, 60_000);

  it("ends every session when the password is reset", async () => {
    const result = await signIn(requestWith(), "moderator", "a long enough password", nextIp());
    if (!result.ok) throw new Error("sign-in failed");
    await setPassword("moderator", "a new long password");
    expect(await getStaff(requestWith(cookieOf(result.cookie)))).toBeUndefined();
    expect((await signIn(requestWith(), "moderator", "a new long password", nextIp())).ok).toBe(true);
  });
});
