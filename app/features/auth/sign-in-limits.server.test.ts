import { beforeEach, describe, expect, it, vi } from "vitest";
import { testDialects } from "#db/test-databases";
import { useTestDatabase } from "~/lib/test-database";
import { log, setLogLevel } from "~/lib/logger.server";
import { createAccount } from "./account-creation.server";
import { signIn } from "./sign-in.server";
import { verifyPassword } from "./password.server";
import { reserveSignInAttempt } from "./sign-in-limits.server";

setLogLevel("silent");

// Every password check is counted: a limit holds only if the guesses past it are never checked.
vi.mock("./password.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("./password.server")>();
  return { ...actual, verifyPassword: vi.fn(actual.verifyPassword) };
});

/** Up to 40 scrypt checks when a limit fails to hold, at about 0.9 s each on a slow core. */
const floodTimeout = 90_000;

const request = () => new Request("http://localhost/admin/login", { method: "POST" });

async function flood(count: number, attempt: (n: number) => { username: string; password: string; ip: string }) {
  const results = await Promise.all(
    Array.from({ length: count }, (_, n) => {
      const { username, password, ip } = attempt(n);
      return signIn(request(), username, password, ip);
    }),
  );
  return results.map((result) => (result.ok ? 200 : result.status));
}

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((counts, s) => ({ ...counts, [s]: (counts[s] ?? 0) + 1 }), {});

describe.each(testDialects)("sign-in limits under concurrent guesses on %s", (dialect) => {
  const database = useTestDatabase(dialect, async () => {
    await createAccount("moderator", "a long enough password");
  });
  const failuresFrom = async (ip: string) =>
    Number(
      (
        await database()
          .db.selectFrom("sign_in_failures")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("ip", "=", ip)
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeEach(() => {
    vi.mocked(verifyPassword).mockClear();
  });

  it(
    "checks at most five of forty wrong guesses sent at once from one address at one account; the rest are 429",
    async () => {
      const statuses = await flood(40, (n) => ({ username: "moderator", password: `guess ${n}`, ip: "198.51.100.20" }));
      expect(vi.mocked(verifyPassword).mock.calls.length).toBeLessThanOrEqual(5);
      expect(tally(statuses)).toEqual({
        401: vi.mocked(verifyPassword).mock.calls.length,
        429: 40 - vi.mocked(verifyPassword).mock.calls.length,
      });
      expect(await failuresFrom("198.51.100.20")).toBeLessThanOrEqual(5);
    },
    floodTimeout,
  );

  it(
    "checks at most twenty of forty wrong guesses sent at once from one address at forty accounts",
    async () => {
      const statuses = await flood(40, (n) => ({ username: `user${n}`, password: "guess", ip: "198.51.100.21" }));
      const checked = vi.mocked(verifyPassword).mock.calls.length;
      expect(checked).toBeLessThanOrEqual(20);
      expect(statuses.filter((s) => s === 401)).toHaveLength(checked);
      expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
      expect(await failuresFrom("198.51.100.21")).toBeLessThanOrEqual(20);
      // A refusal by the busy queue is not counted: exactly the passwords checked are stored as failures.
      expect(await failuresFrom("198.51.100.21")).toBe(statuses.filter((s) => s === 401).length);
    },
    floodTimeout,
  );

  it(
    "counts every address of one IPv6 /64 as one address",
    async () => {
      const statuses = await flood(12, (n) => ({
        username: "moderator",
        password: `guess ${n}`,
        ip: `2001:db8:5:6::${(n + 1).toString(16)}`,
      }));
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
      expect(vi.mocked(verifyPassword).mock.calls.length).toBeLessThanOrEqual(5);
      // Another address of the /64 is refused with them; staff in the next /64 sign in.
      expect(await signIn(request(), "moderator", "a long enough password", "2001:db8:5:6:ffff::1")).toMatchObject({
        ok: false,
        status: 429,
      });
      expect((await signIn(request(), "moderator", "a long enough password", "2001:db8:5:7::1")).ok).toBe(true);
    },
    floodTimeout,
  );

  it("answers the longer of the two waits when an address has used both its failures and its failures at one account", async () => {
    const now = Date.UTC(2026, 5, 2, 12);
    const ip = "198.51.100.23";
    // Fifteen failures at other accounts 14 min 50 s ago, then five at the moderator 10 s ago.
    for (let n = 0; n < 15; n++)
      expect(await reserveSignInAttempt(`someone-${n}`, ip, now - 890_000)).toMatchObject({ ok: true });
    for (let n = 0; n < 5; n++)
      expect(await reserveSignInAttempt("moderator", ip, now - 10_000)).toMatchObject({ ok: true });
    // The address may try again in 10 s, the moderator's account from it in 50 s.
    expect(await reserveSignInAttempt("moderator", ip, now)).toEqual({ ok: false, wait: 50 });
    expect(await reserveSignInAttempt("someone-else", ip, now)).toEqual({ ok: false, wait: 10 });
  });

  it(
    "never holds up staff behind a flood from many addresses that have failed before",
    async () => {
      // Twelve addresses that have each failed twice (counted as the limits count them, unchecked).
      const flooders = Array.from({ length: 12 }, (_, n) => `198.51.100.${100 + n}`);
      for (const ip of flooders) for (let i = 0; i < 2; i++) await reserveSignInAttempt(`someone-${i}`, ip);
      // One sign-in alone, on this machine as busy as it is now: the yardstick for "about one check".
      const alone = performance.now();
      expect((await signIn(request(), "moderator", "a long enough password", "192.0.2.51")).ok).toBe(true);
      const oneSignInMs = performance.now() - alone;
      const sent = performance.now();
      const guesses = flood(12, (n) => ({ username: "moderator", password: "guess", ip: flooders[n] ?? "" }));
      const staff = signIn(request(), "moderator", "a long enough password", "192.0.2.50").then((result) => ({
        ok: result.ok,
        ms: performance.now() - sent,
      }));
      const [statuses, answer] = await Promise.all([guesses, staff]);
      expect(answer.ok).toBe(true);
      // About one check's time (0.5-0.9 s here), run beside at most one of the flood's: within 2 s,
      // or three lone sign-ins where other suites slow this machine (the flood queued ahead took 6 s).
      expect(answer.ms).toBeLessThan(Math.max(2_000, 3 * oneSignInMs));
      // One turn for the flood and four waiting: the rest are told to come back in a moment.
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
      expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    },
    floodTimeout,
  );

  it(
    "never counts a successful sign-in, even while others from the same address are checked",
    async () => {
      const statuses = await flood(4, () => ({
        username: "moderator",
        password: "a long enough password",
        ip: "198.51.100.22",
      }));
      expect(statuses).toEqual([200, 200, 200, 200]);
      expect(await failuresFrom("198.51.100.22")).toBe(0);
    },
    floodTimeout,
  );

  it(
    "warns once that an account may be under attack when guesses at it pass fifty in 15 minutes, however many arrive at once",
    async () => {
      // A process warns once per account: each database gets an account of its own.
      const account = `besieged-${dialect}`;
      // Fifty guesses from ten addresses, counted as the limits count them (none is checked here).
      for (let a = 1; a <= 10; a++)
        for (let i = 0; i < 5; i++)
          expect(await reserveSignInAttempt(account, `203.0.113.${a}`)).toMatchObject({ ok: true });
      const warn = vi.spyOn(log, "warn");
      try {
        await flood(3, (n) => ({ username: account, password: "guess", ip: `203.0.113.${20 + n}` }));
        await flood(2, (n) => ({ username: account, password: "guess", ip: `203.0.113.${30 + n}` }));
        const warnings = warn.mock.calls.filter(([message]) => message.includes("under attack"));
        expect(warnings).toEqual([
          ["many failed sign-ins at one account; it may be under attack", { account, minutes: 15 }],
        ]);
      } finally {
        warn.mockRestore();
      }
    },
    floodTimeout,
  );
});
