import { describe, expect, it } from "vitest";
import { testDialects } from "#db/test-databases";
import { setLogLevel } from "~/lib/logger.server";
import { useTestDatabase } from "~/lib/test-database";
import { auditActions, listAudit } from "~/lib/audit.server";
import { siteCookies } from "~/lib/cookies";
import { createAccount } from "./account-creation.server";
import { newRecoveryCodes, storeRecoveryCodes } from "./second-factor.server";
import { absoluteTimeoutMs, getStaff } from "./sessions.server";
import { signIn } from "./sign-in.server";
import { testHashParams } from "../../../tests/support/hash-params";

setLogLevel("silent");

function requestWith(cookie?: string) {
  return new Request("http://localhost/admin", { headers: cookie ? { Cookie: cookie } : {} });
}

function cookieOf(setCookie: string) {
  return setCookie.split(";")[0] ?? "";
}

describe.each(testDialects)("signing in on %s", (dialect) => {
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
});

describe.each(testDialects)("a passkey-only account on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const password = "copper-lantern-meadow-52";

  it("lets a passkey-only account sign in through the JSON call with a recovery code", async () => {
    const id = await createAccount(`keyonly-${dialect}`, password, "owner", { hashParams: testHashParams });
    await database()
      .db.insertInto("passkeys")
      .values({
        id: `cred2-${dialect}`,
        account_id: id,
        public_key: "AA",
        counter: 0,
        name: "Passkey",
        created_at: new Date().toISOString(),
      })
      .execute();
    const [code] = newRecoveryCodes();
    await database()
      .db.transaction()
      .execute((trx) => storeRecoveryCodes(trx, id, [code ?? ""]));
    const result = await signIn(
      new Request("http://localhost/"),
      `keyonly-${dialect}`,
      password,
      "192.0.2.200",
      Date.now(),
      {
        api: true,
        code,
      },
    );
    expect(result).toMatchObject({ ok: true, next: undefined });
  });
});

describe.each(testDialects)("sign-ins in the audit log on %s", (dialect) => {
  useTestDatabase(dialect);
  const password = "saffron-harbour-quill-38";

  async function sessions(username: string, count: number) {
    await createAccount(username, password, "moderator", { hashParams: testHashParams });
    for (let i = 0; i < count; i++) {
      const result = await signIn(new Request("http://localhost/"), username, password, `192.0.2.${100 + i}`);
      if (!result.ok) throw new Error(result.message);
    }
  }

  it("filters the audit log by account and by action", async () => {
    await sessions(`audited-${dialect}`, 1);
    const mine = await listAudit(50, { username: `audited-${dialect}` });
    expect(mine.length).toBeGreaterThan(0);
    expect(new Set(mine.map((row) => row.username))).toEqual(new Set([`audited-${dialect}`]));
    const signIns = await listAudit(50, { username: `audited-${dialect}`, action: "sign-in" });
    expect(signIns.map((row) => row.action)).toEqual(["sign-in"]);
    expect(await auditActions()).toEqual(expect.arrayContaining(["sign-in"]));
  });
});
