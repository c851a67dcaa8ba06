import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { testDialects } from "../../../db/test-databases";
import { setLogLevel } from "~/lib/logger.server";
import { useTestDatabase } from "~/lib/test-database";
import { acceptInvitation, inviteFirstOwner, openInvitation, resetSecondFactor, setDisabled } from "./accounts.server";
import { createAccount, getSession, signIn, type StaffSession } from "./auth.server";
import { confirmTotp, currentTotpCode, newTotpSecret } from "./second-factor.server";

setLogLevel("silent");

describe.each(testDialects)("accounts as an owner manages them on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const password = "granite-willow-parcel-73";
  let ip = 0;

  async function owner(username: string): Promise<StaffSession> {
    const id = await createAccount(username, password, "owner");
    const secret = newTotpSecret();
    await database()
      .db.transaction()
      .execute(async (trx) => confirmTotp(trx, id, secret, await currentTotpCode(secret)));
    await database().db.updateTable("accounts").set({ totp_last_step: null }).where("id", "=", id).execute();
    const result = await signIn(new Request("http://localhost/"), username, password, `192.0.2.${++ip}`, Date.now(), {
      code: await currentTotpCode(secret),
    });
    if (!result.ok) throw new Error(result.message);
    const cookie = result.cookie.split(";")[0] ?? "";
    return (await getSession(new Request("http://localhost/", { headers: { Cookie: cookie } })))!;
  }

  it("invites the first owner at a start without one, and no more once there is one", async () => {
    const link = await inviteFirstOwner();
    expect(link).toMatch(/\/admin\/invite\/[\w-]{43}$/);
    const token = link?.split("/").at(-1) ?? "";
    expect(await openInvitation(token)).toMatchObject({ username: "owner", role: "owner" });
    // A later start replaces the link: only the newest works.
    const next = await inviteFirstOwner();
    expect(await openInvitation(token)).toBeUndefined();
    const accepted = await acceptInvitation(next?.split("/").at(-1) ?? "", {
      password: "lighthouse-amber-quiver-58",
      confirm: "lighthouse-amber-quiver-58",
    });
    expect(accepted).toEqual({ ok: true, username: "owner" });
    expect(await inviteFirstOwner()).toBeUndefined();
  });

  it("refuses an expired invitation link and an unknown one, making no account", async () => {
    const token = "t".repeat(43);
    await database()
      .db.insertInto("invitations")
      .values({
        id_hash: createHash("sha256").update(token).digest("hex"),
        username: "late.person",
        role: "leads",
        invited_by: "first-owner",
        created_at: new Date(Date.now() - 25 * 3_600_000).toISOString(),
        expires_at: new Date(Date.now() - 3_600_000).toISOString(),
      })
      .execute();
    expect(await openInvitation(token)).toBeUndefined();
    expect(await acceptInvitation(token, { password, confirm: password })).toMatchObject({ ok: false, status: 410 });
    expect(await acceptInvitation("u".repeat(43), { password, confirm: password })).toMatchObject({ status: 410 });
    const made = await database()
      .db.selectFrom("accounts")
      .select("id")
      .where("username", "=", "late.person")
      .execute();
    expect(made).toEqual([]);
  });

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
});
