import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { testDialects } from "#db/test-databases";
import { setLogLevel } from "~/lib/logger.server";
import { useTestDatabase } from "~/lib/test-database";
import { commandLine } from "~/lib/staff";
import { acceptInvitation, inviteFirstOwner, openInvitation, passwordLink } from "./invitations.server";
import { listOwnSessions } from "./sessions.server";
import { signIn } from "./sign-in.server";
import { signedInOwner } from "../../../tests/support/owner-session";

setLogLevel("silent");

describe.each(testDialects)("invitations and password links on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const password = "granite-willow-parcel-73";
  let ip = 0;

  const owner = (username: string) => signedInOwner(database(), username, password, `192.0.2.${++ip}`);

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

  it("gives a person a one-time link to choose a new password, which ends their sessions and keeps their factor", async () => {
    const me = await owner(`forgetful-${dialect}`);
    expect(await passwordLink(commandLine, "nobody-here")).toBeUndefined();
    const made = await passwordLink(commandLine, `forgetful-${dialect}`);
    const token = made?.link.split("/").at(-1) ?? "";
    expect(await openInvitation(token)).toMatchObject({ username: `forgetful-${dialect}`, accountId: me.accountId });
    const chosen = "pelican-orchard-sextant-19";
    expect(await acceptInvitation(token, { password: chosen, confirm: chosen })).toEqual({
      ok: true,
      username: `forgetful-${dialect}`,
    });
    expect(await listOwnSessions(me.accountId)).toEqual([]);
    expect(await acceptInvitation(token, { password: chosen, confirm: chosen })).toMatchObject({ status: 410 });
    // The new password works, and an owner's second step is still owed.
    const again = await signIn(new Request("http://localhost/"), `forgetful-${dialect}`, chosen, `192.0.2.${++ip}`);
    expect(again).toMatchObject({ ok: true, next: "verify" });
  });
});
