import { describe, expect, it } from "vitest";
import { testDialects } from "#db/test-databases";
import { setLogLevel } from "~/lib/logger.server";
import { useTestDatabase } from "~/lib/test-database";
import {
  changeRole,
  endAccountSessions,
  endEveryoneElsesSessions,
  listAccounts,
  resetSecondFactor,
  setDisabled,
} from "./account-admin.server";
import { createAccount } from "./account-creation.server";
import { confirmTotp, currentTotpCode, newTotpSecret } from "./second-factor.server";
import { listOwnSessions } from "./sessions.server";
import { signIn } from "./sign-in.server";
import { testHashParams } from "../../../tests/support/hash-params";
import { signedInOwner } from "../../../tests/support/owner-session";

setLogLevel("silent");

describe.each(testDialects)("accounts as an owner manages them on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const password = "granite-willow-parcel-73";
  let ip = 0;

  const owner = (username: string) => signedInOwner(database(), username, password, `192.0.2.${++ip}`);

  it("never disables the last owner or the person themselves, and a reset removes the factor and ends sessions", async () => {
    const me = await owner(`boss-${dialect}`);
    expect(await setDisabled(me, me.accountId, true)).toMatchObject({ ok: false, status: 409 });
    const other = await owner(`deputy-${dialect}`);
    // Only these two are active owners.
    await database()
      .db.updateTable("accounts")
      .set({ disabled_at: new Date().toISOString() })
      .where("role", "=", "owner")
      .where("id", "not in", [me.accountId, other.accountId])
      .execute();
    expect(await setDisabled(me, other.accountId, true)).toMatchObject({ ok: true });
    // `me` is now the only active owner of the two; another owner could not disable them either.
    expect(await setDisabled(other, me.accountId, true)).toMatchObject({ ok: false, status: 409 });
    expect(await setDisabled(me, other.accountId, false)).toMatchObject({ ok: true });

    const reset = await resetSecondFactor(me, other.accountId);
    expect(reset).toMatchObject({ ok: true });
    const row = await database()
      .db.selectFrom("accounts")
      .select(["totp_secret"])
      .where("id", "=", other.accountId)
      .executeTakeFirstOrThrow();
    expect(row.totp_secret).toBeNull();
    const codes = await database()
      .db.selectFrom("recovery_codes")
      .selectAll()
      .where("account_id", "=", other.accountId)
      .execute();
    expect(codes).toEqual([]);
    // Their password now leads to setting up a new app, never straight into the admin.
    const again = await signIn(new Request("http://localhost/"), `deputy-${dialect}`, password, `192.0.2.${++ip}`);
    expect(again).toMatchObject({ ok: true, next: "enrol" });
    const audit = await database()
      .db.selectFrom("audit_log")
      .select(["username", "action"])
      .where("action", "in", ["account-disabled", "account-enabled", "factor-reset"])
      .execute();
    expect(audit.map((r) => r.action).sort()).toEqual(["account-disabled", "account-enabled", "factor-reset"]);
  });
  it("changes another person's role and signs them out, never their own, the shared account's or the last owner's", async () => {
    const me = await owner(`chief-${dialect}`);
    const person = await createAccount(`reader-${dialect}`, password, "moderator", { hashParams: testHashParams });
    await signIn(new Request("http://localhost/"), `reader-${dialect}`, password, `192.0.2.${++ip}`);
    expect(await changeRole(me, person, "leads")).toMatchObject({ ok: true });
    const row = await database()
      .db.selectFrom("accounts")
      .select("role")
      .where("id", "=", person)
      .executeTakeFirstOrThrow();
    expect(row.role).toBe("leads");
    expect(await listOwnSessions(person)).toEqual([]);
    // Now leads: the password alone leads to setting up a second factor.
    const again = await signIn(new Request("http://localhost/"), `reader-${dialect}`, password, `192.0.2.${++ip}`);
    expect(again).toMatchObject({ ok: true, next: "enrol" });
    expect(await changeRole(me, person, "boss")).toMatchObject({ ok: false, status: 400 });
    expect(await changeRole(me, me.accountId, "leads")).toMatchObject({ ok: false, status: 409 });
    const shared = await createAccount("admin", password, "moderator", { hashParams: testHashParams }).catch(
      async () => {
        const existing = await database()
          .db.selectFrom("accounts")
          .select("id")
          .where("username", "=", "admin")
          .executeTakeFirstOrThrow();
        return existing.id;
      },
    );
    expect(await changeRole(me, shared, "owner")).toMatchObject({ ok: false, status: 400 });
    const audit = await database()
      .db.selectFrom("audit_log")
      .select(["username", "detail"])
      .where("action", "=", "role-changed")
      .execute();
    expect(audit).toEqual([
      { username: `chief-${dialect}`, detail: `reader-${dialect}: Moderator to Leads; 1 session(s) ended.` },
    ]);
  });

  it("signs one person out everywhere, or everyone but the owner, leaving their accounts as they were", async () => {
    const me = await owner(`keeper-${dialect}`);
    const person = await createAccount(`roamer-${dialect}`, password, "moderator", { hashParams: testHashParams });
    for (let i = 0; i < 2; i++)
      await signIn(new Request("http://localhost/"), `roamer-${dialect}`, password, `192.0.2.${++ip}`);
    expect(await listOwnSessions(person)).toHaveLength(2);
    expect(await endAccountSessions(me, me.accountId)).toMatchObject({ ok: false, status: 409 });
    expect(await endAccountSessions(me, person)).toEqual({
      ok: true,
      message: `roamer-${dialect} is signed out everywhere (2 session(s) ended).`,
    });
    expect(await listOwnSessions(person)).toEqual([]);
    expect(await listOwnSessions(me.accountId)).toHaveLength(1);
    // They sign in again as before.
    expect(
      await signIn(new Request("http://localhost/"), `roamer-${dialect}`, password, `192.0.2.${++ip}`),
    ).toMatchObject({ ok: true });
    const everyone = await endEveryoneElsesSessions(me);
    expect(everyone.ok).toBe(true);
    expect(await listOwnSessions(person)).toEqual([]);
    expect((await listOwnSessions(me.accountId)).map((s) => s.id_hash)).toEqual([me.idHash]);
    const audit = await database()
      .db.selectFrom("audit_log")
      .select(["username", "detail"])
      .where("action", "=", "sessions-ended")
      .orderBy("at")
      .execute();
    expect(audit[0]).toEqual({ username: `keeper-${dialect}`, detail: `roamer-${dialect}; 2 session(s).` });
    expect(audit[1]?.detail).toMatch(/^Everyone else; \d+ session\(s\)\.$/);
  });

  it("leaves one owner when two owners demote or disable each other at the same moment, forty times over", async () => {
    const first = await owner(`twin-a-${dialect}`);
    const second = await owner(`twin-b-${dialect}`);
    await database()
      .db.updateTable("accounts")
      .set({ disabled_at: new Date().toISOString() })
      .where("role", "=", "owner")
      .where("id", "not in", [first.accountId, second.accountId])
      .execute();
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 4 === 0
          ? changeRole(first, second.accountId, "leads")
          : i % 4 === 1
            ? changeRole(second, first.accountId, "moderator")
            : i % 4 === 2
              ? setDisabled(first, second.accountId, true)
              : setDisabled(second, first.accountId, true),
      ),
    );
    const owners = await database()
      .db.selectFrom("accounts")
      .select("id")
      .where("role", "=", "owner")
      .where("disabled_at", "is", null)
      .execute();
    expect(owners).toHaveLength(1);
    expect(results.some((r) => r.ok)).toBe(true);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.status === 409)).toBe(true);
  });
});

describe.each(testDialects)("the owner's list of accounts on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const password = "copper-lantern-meadow-52";

  it("counts each account's open sessions, codes left and factors, a passkey included", async () => {
    const viaApp = await createAccount(`app-${dialect}`, password, "leads", { hashParams: testHashParams });
    const viaKey = await createAccount(`key-${dialect}`, password, "leads", { hashParams: testHashParams });
    const secret = newTotpSecret();
    await database()
      .db.transaction()
      .execute(async (trx) => confirmTotp(trx, viaApp, secret, await currentTotpCode(secret)));
    const now = new Date().toISOString();
    await database()
      .db.insertInto("passkeys")
      .values({
        id: `cred-${dialect}`,
        account_id: viaKey,
        public_key: "AA",
        counter: 0,
        name: "Passkey",
        created_at: now,
      })
      .execute();
    // One open session, one ended: the list counts one.
    for (const revoked of [null, now])
      await database()
        .db.insertInto("sessions")
        .values({
          id_hash: `${viaApp}-${revoked ? "ended" : "open"}`,
          account_id: viaApp,
          created_at: now,
          last_seen_at: now,
          expires_at: new Date(Date.now() + 3_600_000).toISOString(),
          revoked_at: revoked,
        })
        .execute();
    const list = await listAccounts();
    expect(list.find((a) => a.id === viaApp)).toMatchObject({
      hasFactor: true,
      factors: "authenticator app",
      recoveryCodesLeft: 10,
      activeSessions: 1,
      lastSignIn: now,
    });
    expect(list.find((a) => a.id === viaKey)).toMatchObject({
      hasFactor: true,
      factors: "passkey",
      recoveryCodesLeft: 0,
      activeSessions: 0,
      lastSignIn: null,
    });
  });
});
