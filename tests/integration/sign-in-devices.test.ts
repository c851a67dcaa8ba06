import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testDialects } from "#db/test-databases";
import { type ServerProcess, startServerProcess } from "./server-process";

/**
 * A browser that has signed in before keeps its way in during a flood of wrong guesses from
 * addresses never seen (docs/decisions/030-known-devices.md): the flood fills the queue of
 * password checks with attempts that look like staff's, and a browser without a device cookie may
 * be asked to wait; one with its device cookie is let in within seconds, every time.
 */
const password = "device-test-password";
/** The promise: others' failures never hold a known browser for more than a few seconds. */
const knownBrowserMs = 3_000;
/** Workers sending guesses one after the other, each guess from an address not used before. */
const floodWorkers = 50;
/** Each worker's pause after an answer before its next guess. */
const floodPauseMs = 250;
/** A bound on the flood whatever happens: it stops when the test's sign-ins are done, or at this many guesses. */
const floodMaxGuesses = 4_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDialects)("sign-ins from a known browser during a flood on %s", (dialect) => {
  let server: ServerProcess;
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    // Behind a proxy over HTTPS, as deployed: the client address comes from X-Forwarded-For.
    server = await startServerProcess({
      DATABASE_URL: database.url,
      ADMIN_PASSWORD: password,
      SITE_URL: "https://localhost",
      TRUST_PROXY: "loopback",
    });
    await fetch(new URL("/admin/login", server.url));
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  async function login(ip: string, guess: string, { username = "admin", cookie = "" } = {}) {
    const headers: Record<string, string> = { "Content-Type": "application/json", "X-Forwarded-For": ip };
    if (cookie) headers.Cookie = cookie;
    const response = await fetch(new URL("/api/auth/login", server.url), {
      method: "POST",
      headers,
      body: JSON.stringify({ username, password: guess }),
    });
    await response.arrayBuffer();
    return response;
  }

  /** The device cookie a response sets, as a browser would send it back. */
  function deviceCookieOf(response: Response): string {
    const set = response.headers.getSetCookie().find((value) => value.startsWith("__Host-aquila_device="));
    return set?.split(";")[0] ?? "";
  }

  /**
   * Guesses from `floodWorkers` workers until `until` settles: wrong passwords at made-up names and
   * at admin, each from an IPv6 /64 of its own, so none has failed before. Resolves with the statuses.
   */
  function flood(until: Promise<unknown>, block: number) {
    let done = false;
    void until.finally(() => (done = true));
    let sent = 0;
    const statuses: number[] = [];
    const worker = async () => {
      while (!done && sent < floodMaxGuesses) {
        const n = sent++;
        const username = n % 3 === 0 ? "admin" : `made-up-${n}`;
        const response = await login(`2001:db8:${block.toString(16)}:${n.toString(16)}::1`, `guess-${n}`, {
          username,
        });
        statuses.push(response.status);
        // A pause between guesses keeps the test's own share of the cores small; fifty workers
        // still send far more than the four guesses a second that keep the queue of checks full.
        await sleep(floodPauseMs);
      }
    };
    return Promise.all(Array.from({ length: floodWorkers }, worker)).then(() => statuses);
  }

  it("lets a browser that signed in before in within 3 s, 8 times of 8, while one never seen may be asked to wait", async () => {
    const first = await login("192.0.2.70", password);
    expect(first.status).toBe(200);
    let device = deviceCookieOf(first);
    const [deviceSet] = first.headers.getSetCookie().filter((value) => value.startsWith("__Host-aquila_device="));
    expect(deviceSet).toMatch(
      /^__Host-aquila_device=[\w-]{43}; Max-Age=31536000; Path=\/; HttpOnly; Secure; SameSite=Strict$/,
    );

    // The cookie is renewed at each sign-in, as a browser keeps it.
    const again = await login("192.0.2.71", password, { cookie: device });
    expect(again.status).toBe(200);
    expect(deviceCookieOf(again)).not.toBe(device);
    device = deviceCookieOf(again);

    const known: Array<{ status: number; ms: number }> = [];
    const unknown: Array<{ status: number; retryAfter: string | null }> = [];
    let finish = () => {};
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const guesses = flood(finished, 0x70);
    try {
      // Let the flood fill the queue of checks before staff arrive.
      await sleep(1_000);
      for (let n = 0; n < 8; n++) {
        const sent = performance.now();
        const [mine, stranger] = await Promise.all([
          login(`192.0.2.${80 + n}`, password, { cookie: device }).then((response) => {
            known.push({ status: response.status, ms: performance.now() - sent });
            return response;
          }),
          login(`198.51.100.${80 + n}`, password),
        ]);
        unknown.push({ status: stranger.status, retryAfter: stranger.headers.get("Retry-After") });
        device = deviceCookieOf(mine) || device;
        await sleep(700);
      }
    } finally {
      finish();
    }
    const statuses = await guesses;

    expect(known.map((k) => k.status)).toEqual(Array(8).fill(200));
    for (const { ms } of known) expect(ms).toBeLessThan(knownBrowserMs);
    // A browser never seen is let in, or told when to try again; the flood made some wait, as it
    // would have made the known browser wait without its cookie.
    for (const { status, retryAfter } of unknown) {
      expect([200, 429]).toContain(status);
      if (status === 429) expect(Number(retryAfter)).toBeGreaterThan(0);
    }
    expect(unknown.some(({ status }) => status === 429)).toBe(true);
    // The flood was one: its guesses filled the queue, and were refused as a burst.
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(statuses.filter((s) => s === 401).length);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
  }, 60_000);

  it("counts a known browser's failures against it alone: five wrong passwords and it signs in as a browser never seen", async () => {
    const address = "192.0.2.90";
    const mine = deviceCookieOf(await login("192.0.2.91", password));
    const theirs = deviceCookieOf(await login("192.0.2.92", password));
    expect(mine).not.toBe("");
    expect(theirs).not.toBe("");
    // Another browser at the same address uses up the address's five tries at admin.
    for (let n = 0; n < 5; n++) expect((await login(address, `typo-${n}`)).status).toBe(401);
    const refused = await login(address, password);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    // A known browser is not refused for what others did at its address.
    const welcome = await login(address, password, { cookie: mine });
    expect(welcome.status).toBe(200);
    const renewed = deviceCookieOf(welcome);
    expect(renewed).not.toBe(mine);
    // Its own five failures are checked, and then it is one more browser at a refused address.
    for (let n = 0; n < 5; n++) expect((await login(address, `slip-${n}`, { cookie: renewed })).status).toBe(401);
    expect((await login(address, password, { cookie: renewed })).status).toBe(429);
    // The other browser's cookie still counts.
    expect((await login(address, password, { cookie: theirs })).status).toBe(200);
  }, 60_000);
});
