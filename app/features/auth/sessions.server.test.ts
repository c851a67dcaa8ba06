import { describe, expect, it } from "vitest";
import { testDialects } from "#db/test-databases";
import { setLogLevel } from "~/lib/logger.server";
import { useTestDatabase } from "~/lib/test-database";
import { createAccount } from "./account-creation.server";
import {
  absoluteTimeoutMs,
  endSessions,
  getStaff,
  idleTimeoutMs,
  renewSession,
  sessionIdHash,
} from "./sessions.server";
import { signIn } from "./sign-in.server";
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
    await endSessions({ session: sessionIdHash(requestWith(cookie)) });
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
});
