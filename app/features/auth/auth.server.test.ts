import { describe, expect, it } from "vitest";
import { testDialects } from "../../../db/test-databases";
import { useTestDatabase } from "~/lib/test-database";
import { setLogLevel } from "~/lib/logger.server";
import { absoluteTimeoutMs, createAccount, getStaff, idleTimeoutMs, revokeSession, setPassword, signIn } from "./auth.server";

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
    await createAccount("moderator", "a long enough password");
  });

  it("signs in with the right password and sets a strict, HttpOnly cookie", async () => {
    const result = await signIn(requestWith(), "moderator", "a long enough password", nextIp());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.cookie).toMatch(/^aquila_session=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=43200$/);
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

  it("refuses a replayed cookie after sign-out", async () => {
    const result = await signIn(requestWith(), "moderator", "a long enough password", nextIp());
    if (!result.ok) throw new Error("sign-in failed");
    const cookie = cookieOf(result.cookie);
    await revokeSession(requestWith(cookie));
    expect(await getStaff(requestWith(cookie))).toBeUndefined();
  });

  it("ends a session after 30 idle minutes and after 12 hours whatever the activity", async () => {
    const result = await signIn(requestWith(), "moderator", "a long enough password", nextIp());
    if (!result.ok) throw new Error("sign-in failed");
    const cookie = cookieOf(result.cookie);
    const start = Date.now();
    expect(await getStaff(requestWith(cookie), start + idleTimeoutMs - 1000)).toBeDefined();
    // Keep it busy every 20 minutes until the absolute limit.
    let t = start + idleTimeoutMs - 1000;
    while (t + 20 * 60_000 < start + absoluteTimeoutMs) {
      t += 20 * 60_000;
      expect(await getStaff(requestWith(cookie), t)).toBeDefined();
    }
    expect(await getStaff(requestWith(cookie), start + absoluteTimeoutMs + 1)).toBeUndefined();

    const idle = await signIn(requestWith(), "moderator", "a long enough password", nextIp());
    if (!idle.ok) throw new Error("sign-in failed");
    expect(await getStaff(requestWith(cookieOf(idle.cookie)), Date.now() + idleTimeoutMs + 1000)).toBeUndefined();
  });

  it("limits attempts per account, whichever address they come from, with a retry time", async () => {
    await createAccount("target", "another long password");
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push(await signIn(requestWith(), "target", "guess", nextIp()));
    expect(answers.slice(0, 10).every((a) => !a.ok && a.status === 401)).toBe(true);
    const last = answers[10];
    expect(last).toMatchObject({ ok: false, status: 429 });
    expect(last && !last.ok && last.retryAfter).toBeGreaterThan(0);
    // Even the right password is refused while the limit holds.
    expect(await signIn(requestWith(), "target", "another long password", nextIp())).toMatchObject({ status: 429 });
  });

  it("limits attempts per address, whichever account they aim at", async () => {
    const address = "198.51.100.7";
    for (let i = 0; i < 20; i++) await signIn(requestWith(), `user${i}`, "guess", address);
    expect(await signIn(requestWith(), "moderator", "a long enough password", address)).toMatchObject({ status: 429 });
  });

  it("ends every session when the password is reset", async () => {
    const result = await signIn(requestWith(), "moderator", "a long enough password", nextIp());
    if (!result.ok) throw new Error("sign-in failed");
    await setPassword("moderator", "a new long password");
    expect(await getStaff(requestWith(cookieOf(result.cookie)))).toBeUndefined();
    expect((await signIn(requestWith(), "moderator", "a new long password", nextIp())).ok).toBe(true);
  });
});
