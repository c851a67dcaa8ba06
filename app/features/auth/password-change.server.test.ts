import { describe, expect, it } from "vitest";
import { testDialects } from "#db/test-databases";
import { setLogLevel } from "~/lib/logger.server";
import { useTestDatabase } from "~/lib/test-database";
import { createAccount } from "./account-creation.server";
import { getStaff } from "./sessions.server";
import { signIn } from "./sign-in.server";
import { changeOwnPassword, setPassword } from "./password-change.server";
import { testHashParams } from "../../../tests/support/hash-params";

setLogLevel("silent");

const first = "river-stone-lantern-17";
const request = (cookie: string) => new Request("http://localhost/admin/account", { headers: { Cookie: cookie } });

describe.each(testDialects)("a person changing their own password on %s", (dialect) => {
  let ip = 0;
  const database = useTestDatabase(dialect);
  let count = 0;

  /** A new account with two sessions (two browsers): the one that changes the password, and another. */
  async function person() {
    const username = `person-${++count}`;
    await createAccount(username, first, "moderator", { hashParams: testHashParams });
    const sessions = [];
    for (let i = 0; i < 2; i++) {
      const result = await signIn(request(""), username, first, `192.0.2.${++ip}`);
      if (!result.ok) throw new Error(result.message);
      sessions.push(result.cookie.split(";")[0]!);
    }
    const [here, elsewhere] = sessions as [string, string];
    const staff = (await getStaff(request(here)))!;
    return { username, staff, here, elsewhere };
  }
  const signsIn = async (username: string, password: string) =>
    (await signIn(request(""), username, password, `192.0.2.${++ip}`)).ok;

  it("changes it with the current one, ends the other sessions and keeps this one, and audits it", async () => {
    const { username, staff, here, elsewhere } = await person();
    const next = "meadow-copper-violin-88";
    const result = await changeOwnPassword(request(here), staff, { current: first, password: next, confirm: next });
    expect(result).toEqual({ ok: true });
    expect(await getStaff(request(here))).toEqual(staff);
    expect(await getStaff(request(elsewhere))).toBeUndefined();
    expect(await signsIn(username, next)).toBe(true);
    expect(await signsIn(username, first)).toBe(false);
    const audit = await database()
      .db.selectFrom("audit_log")
      .select(["username", "action", "target_id"])
      .where("action", "=", "password-changed")
      .where("username", "=", username)
      .execute();
    expect(audit).toEqual([{ username, action: "password-changed", target_id: staff.accountId }]);
  });

  it("refuses a wrong current password, a common or named new one, and two that differ, changing nothing", async () => {
    const { username, staff, here, elsewhere } = await person();
    const change = (form: Record<string, string>) => changeOwnPassword(request(here), staff, form);
    expect(
      await change({
        current: "not-my-password-at-all",
        password: "meadow-copper-violin-88",
        confirm: "meadow-copper-violin-88",
      }),
    ).toMatchObject({
      ok: false,
      status: 400,
      errors: { current: "This is not your current password." },
    });
    expect(await change({ current: first, password: "password1234", confirm: "password1234" })).toMatchObject({
      errors: { password: expect.stringMatching(/most common/) },
    });
    const named = `${username}-is-my-password`;
    expect(await change({ current: first, password: named, confirm: named })).toMatchObject({
      errors: { password: expect.stringMatching(/username/) },
    });
    expect(
      await change({ current: first, password: "meadow-copper-violin-88", confirm: "meadow-copper-violin-89" }),
    ).toMatchObject({
      errors: { confirm: "The two new passwords are not the same" },
    });
    expect(await change({ current: first, password: first, confirm: first })).toMatchObject({
      errors: { password: expect.stringMatching(/different/) },
    });
    expect(await getStaff(request(elsewhere))).toBeDefined();
    expect(await signsIn(username, first)).toBe(true);
  });

  it("waits after five wrong current passwords, so a borrowed session is no free guessing", async () => {
    const { staff, here } = await person();
    const wrong = {
      current: "wrong-guess-password",
      password: "meadow-copper-violin-88",
      confirm: "meadow-copper-violin-88",
    };
    for (let i = 0; i < 5; i++) expect((await changeOwnPassword(request(here), staff, wrong)).ok).toBe(false);
    const waited = await changeOwnPassword(request(here), staff, { ...wrong, current: first });
    expect(waited).toMatchObject({ ok: false, status: 429 });
    expect(waited.ok ? 0 : waited.retryAfter).toBeGreaterThan(0);
  });
});

function requestWith(cookie?: string) {
  return new Request("http://localhost/admin", { headers: cookie ? { Cookie: cookie } : {} });
}

function cookieOf(setCookie: string) {
  return setCookie.split(";")[0] ?? "";
}

describe.each(testDialects)("a password set from the command line on %s", (dialect) => {
  let ip = 0;
  const nextIp = () => `192.0.2.${++ip}`;
  useTestDatabase(dialect, async () => {
    await createAccount("moderator", "a long enough password", "moderator", { hashParams: testHashParams });
  });

  it("ends every session when the password is reset", async () => {
    const result = await signIn(requestWith(), "moderator", "a long enough password", nextIp());
    if (!result.ok) throw new Error("sign-in failed");
    await setPassword("moderator", "a new long password");
    expect(await getStaff(requestWith(cookieOf(result.cookie)))).toBeUndefined();
    expect((await signIn(requestWith(), "moderator", "a new long password", nextIp())).ok).toBe(true);
  });
});
