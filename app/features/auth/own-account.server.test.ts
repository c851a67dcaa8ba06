import { describe, expect, it } from "vitest";
import { testDialects } from "#db/test-databases";
import { setLogLevel } from "~/lib/logger.server";
import { useTestDatabase } from "~/lib/test-database";
import { createAccount } from "./account-creation.server";
import { endOtherSessions, endOwnSession } from "./own-account.server";
import { getSession, listOwnSessions, type StaffSession } from "./sessions.server";
import { signIn } from "./sign-in.server";
import { testHashParams } from "../../../tests/support/hash-params";

setLogLevel("silent");

describe.each(testDialects)("a person's own sessions on %s", (dialect) => {
  useTestDatabase(dialect);
  const password = "saffron-harbour-quill-38";
  let ip = 0;

  async function sessions(username: string, count: number) {
    await createAccount(username, password, "moderator", { hashParams: testHashParams });
    const list: StaffSession[] = [];
    for (let i = 0; i < count; i++) {
      const result = await signIn(new Request("http://localhost/"), username, password, `192.0.2.${100 + ++ip}`);
      if (!result.ok) throw new Error(result.message);
      const cookie = result.cookie.split(";")[0] ?? "";
      list.push((await getSession(new Request("http://localhost/", { headers: { Cookie: cookie } })))!);
    }
    return list;
  }

  it("lists a person's open sessions, ends one of their own but never another person's, and ends all but this one", async () => {
    const [here, second, third] = (await sessions(`mine-${dialect}`, 3)) as [StaffSession, StaffSession, StaffSession];
    const [stranger] = (await sessions(`theirs-${dialect}`, 1)) as [StaffSession];
    expect((await listOwnSessions(here.accountId)).map((s) => s.id_hash).sort()).toEqual(
      [here.idHash, second.idHash, third.idHash].sort(),
    );
    expect(await endOwnSession(here, stranger.idHash)).toBe(false);
    expect(await listOwnSessions(stranger.accountId)).toHaveLength(1);
    expect(await endOwnSession(here, second.idHash)).toBe(true);
    expect(await endOwnSession(here, second.idHash)).toBe(false);
    expect(await endOtherSessions(here)).toBe(1);
    expect((await listOwnSessions(here.accountId)).map((s) => s.id_hash)).toEqual([here.idHash]);
  });
});
