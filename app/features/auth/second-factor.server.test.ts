import { createHash } from "node:crypto";
import { generateTOTP } from "@epic-web/totp";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testDialects } from "#db/test-databases";
import { setLogLevel } from "~/lib/logger.server";
import { useTestDatabase } from "~/lib/test-database";
import { createAccount } from "./account-creation.server";
import { getSession, getStaff, secondStepOf } from "./sessions.server";
import { signIn } from "./sign-in.server";
import {
  checkSecondFactor,
  hashRecoveryCode,
  confirmTotp,
  currentTotpCode,
  newRecoveryCodes,
  newTotpSecret,
  recoveryCodeCount,
  totpStep,
} from "./second-factor.server";
import { testHashParams } from "../../../tests/support/hash-params";

setLogLevel("silent");

/** The code an app shows for `secret` at `at` (ms), computed by the library itself, not by the code under test. */
async function codeAt(secret: string, at: number) {
  vi.useFakeTimers({ now: at, toFake: ["Date"] });
  try {
    return (await generateTOTP({ secret, period: 30 })).otp;
  } finally {
    vi.useRealTimers();
  }
}

describe("authenticator codes", () => {
  afterEach(() => vi.useRealTimers());

  it("makes 160-bit base32 secrets, each new", () => {
    const secrets = new Set(Array.from({ length: 50 }, newTotpSecret));
    expect(secrets.size).toBe(50);
    for (const secret of secrets) expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  });

  it("accepts the code of this 30-second step and one step either side, and no further", async () => {
    const secret = newTotpSecret();
    const now = Date.UTC(2026, 10, 26, 12, 0, 15);
    const step = Math.floor(now / 30_000);
    const at = (offset: number) => codeAt(secret, now + offset * 30_000);
    const codes = {
      before2: await at(-2),
      before: await at(-1),
      now: await at(0),
      after: await at(1),
      after2: await at(2),
    };
    vi.useFakeTimers({ now, toFake: ["Date"] });
    expect(await totpStep(secret, codes.now)).toBe(step);
    expect(await totpStep(secret, codes.before)).toBe(step - 1);
    expect(await totpStep(secret, codes.after)).toBe(step + 1);
    // Two steps away is a minute off: refused (unless it happens to equal a nearer one, one in a million).
    if (![codes.before, codes.now, codes.after].includes(codes.before2))
      expect(await totpStep(secret, codes.before2)).toBeUndefined();
    if (![codes.before, codes.now, codes.after].includes(codes.after2))
      expect(await totpStep(secret, codes.after2)).toBeUndefined();
    expect(await totpStep(secret, "12345")).toBeUndefined();
    expect(await totpStep(secret, "abcdef")).toBeUndefined();
  });

  it("makes ten recovery codes of ten characters that are easy to read back", () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(recoveryCodeCount);
    expect(new Set(codes).size).toBe(recoveryCodeCount);
    for (const code of codes) expect(code).toMatch(/^[2-9a-hjkmnp-z]{5}-[2-9a-hjkmnp-z]{5}$/);
  });
});

describe.each(testDialects)("a second factor on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  let count = 0;
  let ip = 0;
  const password = "orchard-lantern-copper-41";
  const page = (cookie = "") => new Request("http://localhost/admin", { headers: { Cookie: cookie } });

  /** A leads account with an app set up on a known secret, and its recovery codes. */
  async function leads() {
    const username = `leads-${++count}`;
    const id = await createAccount(username, password, "leads", { hashParams: testHashParams });
    const secret = newTotpSecret();
    const codes = await database()
      .db.transaction()
      .execute(async (trx) => confirmTotp(trx, id, secret, await currentTotpCode(secret)));
    // Setting up used this step's code: the tests start from a clean slate.
    await database().db.updateTable("accounts").set({ totp_last_step: null }).where("id", "=", id).execute();
    return { id, username, secret, codes: codes ?? [] };
  }

  it("gives an owner or leads account's password alone a session that opens nothing but the second step", async () => {
    const { username } = await leads();
    const result = await signIn(page(), username, password, `192.0.2.${++ip}`);
    expect(result).toMatchObject({ ok: true, next: "verify" });
    const cookie = result.ok ? result.cookie.split(";")[0]! : "";
    const session = await getSession(page(cookie));
    expect(session && secondStepOf(session)).toBe("verify");
    expect(await getStaff(page(cookie))).toBeUndefined();

    const owner = `owner-${++count}`;
    await createAccount(owner, password, "owner", { hashParams: testHashParams });
    const first = await signIn(page(), owner, password, `192.0.2.${++ip}`);
    expect(first).toMatchObject({ ok: true, next: "enrol" });
  });

  it("the JSON sign-in refuses such an account without a code, saying a second factor is needed, and makes no session", async () => {
    const { username, secret } = await leads();
    const refused = await signIn(page(), username, password, `192.0.2.${++ip}`, Date.now(), { api: true });
    expect(refused).toMatchObject({ ok: false, status: 401, message: expect.stringContaining("second factor") });
    const rows = await database().db.selectFrom("sessions").selectAll().execute();
    const signedIn = await signIn(page(), username, password, `192.0.2.${++ip}`, Date.now(), {
      api: true,
      code: await currentTotpCode(secret),
    });
    expect(signedIn).toMatchObject({ ok: true, next: undefined });
    expect(await database().db.selectFrom("sessions").selectAll().execute()).toHaveLength(rows.length + 1);
  });

  it("gives an editor without a second factor nothing but setting one up, and the JSON sign-in nothing at all", async () => {
    const editor = `editor-${++count}`;
    await createAccount(editor, password, "editor", { hashParams: testHashParams });
    const result = await signIn(page(), editor, password, `192.0.2.${++ip}`);
    expect(result).toMatchObject({ ok: true, next: "enrol" });
    const cookie = result.ok ? result.cookie.split(";")[0]! : "";
    const session = await getSession(page(cookie));
    expect(session && secondStepOf(session)).toBe("enrol");
    expect(await getStaff(page(cookie))).toBeUndefined();

    const sessions = await database().db.selectFrom("sessions").selectAll().execute();
    const api = await signIn(page(), editor, password, `192.0.2.${++ip}`, Date.now(), { api: true });
    expect(api).toMatchObject({ ok: false, status: 401, message: expect.stringContaining("second factor") });
    expect(await database().db.selectFrom("sessions").selectAll().execute()).toHaveLength(sessions.length);
  });

  it("accepts each code once: the same code again, even at the same moment from forty requests, is refused", async () => {
    const { id, secret } = await leads();
    const code = await currentTotpCode(secret);
    const results = await Promise.all(Array.from({ length: 40 }, () => checkSecondFactor(id, code)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await checkSecondFactor(id, code)).toMatchObject({ ok: false });
  });

  it("accepts a recovery code once, typed with spaces or capitals, and counts what is left", async () => {
    const { id, codes } = await leads();
    const [first] = codes as [string];
    expect(await checkSecondFactor(id, ` ${first.toUpperCase().replace("-", " ")} `)).toEqual({
      ok: true,
      method: "recovery code",
    });
    expect(await checkSecondFactor(id, first)).toMatchObject({ ok: false, status: 400 });
    const left = await database()
      .db.selectFrom("recovery_codes")
      .select("used_at")
      .where("account_id", "=", id)
      .execute();
    expect(left.filter((row) => row.used_at === null)).toHaveLength(recoveryCodeCount - 1);
  });

  it("stores recovery codes salted with scrypt, and still takes, once, a code stored before as SHA-256", async () => {
    const { id, codes } = await leads();
    const stored = await database()
      .db.selectFrom("recovery_codes")
      .select("code_hash")
      .where("account_id", "=", id)
      .execute();
    expect(stored).toHaveLength(recoveryCodeCount);
    for (const { code_hash } of stored) expect(code_hash).toMatch(/^scrypt\$14\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    // The same code stored twice gives two different hashes: each has its own salt.
    expect(await hashRecoveryCode(codes[0] ?? "")).not.toBe(await hashRecoveryCode(codes[0] ?? ""));

    const older = "abcde-fghjk";
    await database()
      .db.insertInto("recovery_codes")
      .values({
        code_hash: createHash("sha256").update("abcdefghjk").digest("hex"),
        account_id: id,
        created_at: new Date().toISOString(),
      })
      .execute();
    const both = await Promise.all([checkSecondFactor(id, older), checkSecondFactor(id, older)]);
    expect(both.filter((r) => r.ok)).toEqual([{ ok: true, method: "recovery code" }]);
  });

  it("lets forty wrong codes sent at once check five, then makes the account wait, right code included", async () => {
    const { id, secret } = await leads();
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => checkSecondFactor(id, String(100000 + i))));
    expect(results.filter((r) => !r.ok && r.status === 400)).toHaveLength(5);
    expect(results.filter((r) => !r.ok && r.status === 429)).toHaveLength(35);
    expect(await checkSecondFactor(id, await currentTotpCode(secret))).toMatchObject({ ok: false, status: 429 });
  });

  it("does not count right codes against the limit", async () => {
    const { id, codes } = await leads();
    for (const code of codes.slice(0, 8)) expect(await checkSecondFactor(id, code)).toMatchObject({ ok: true });
  });
});
