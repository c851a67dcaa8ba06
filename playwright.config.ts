import { existsSync, mkdtempSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { chromiumFlags, chromiumInstallCommand, testChromiumPath } from "./scripts/chromium.mjs";

/**
 * Browser tests run against the production build, started here on a free port with a fresh
 * SQLite database, in Debian's headless Chromium (scripts/chromium.mjs). `npm run test:e2e` builds first.
 */
if (!existsSync(testChromiumPath)) {
  throw new Error(
    `No Chromium found at ${testChromiumPath}. Install Debian's packages (${chromiumInstallCommand}) or set CHROMIUM_PATH.`,
  );
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

// Worker processes load this file again; the environment carries the first choice to them.
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_ORDER_SITE_PORT ??= String(await freePort());
process.env.E2E_FORM_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "aquila-e2e-"));
export const e2ePort = Number(process.env.E2E_PORT);
export const e2eDatabase = path.join(process.env.E2E_DATA_DIR, "e2e.sqlite");
const baseURL = `http://127.0.0.1:${e2ePort}`;
/** A second instance of the site, configured with a hosted order form (the stand-in below). */
export const orderSiteURL = `http://127.0.0.1:${process.env.E2E_ORDER_SITE_PORT}`;
export const standInFormURL = `http://127.0.0.1:${process.env.E2E_FORM_PORT}/form`;

/** FORM_MIN_FILL_MS of the e2e servers below. */
export const e2eMinFillMs = 6_000;

const siteEnv = {
  NODE_ENV: "production",
  HOST: "127.0.0.1",
  ADMIN_PASSWORD: "e2e-moderator-password-long",
  LOG_LEVEL: "warn",
  // Browser tests send many forms from one address; the integration tests cover the real rate
  // limit.
  FORM_RATE_LIMIT: "1000",
  // A form sent sooner than this after it was shown is marked (and still arrives). Above the
  // default of 2.5 s: on a loaded two-core machine a browser takes more than that to load, fill
  // and send a form, and the tests of a quick fill must see the mark whatever the machine.
  FORM_MIN_FILL_MS: String(e2eMinFillMs),
  // Rendered pages are kept as in production (PAGE_CACHE=on): tests write to the database and
  // read the pages at once, so every one of them also checks that a write is seen at once.
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: true,
  // One more try for a test that fails: on a loaded machine a pointer event can land in the
  // middle of a scroll or a reload, and one such stray event should not hide the rest of the
  // run. The list reporter names every test that needed it ("flaky"), so it stays in sight; a
  // test that fails twice fails the run.
  retries: 1,
  // Three on two cores: the headless browser leaves a core idle about a tenth of the time with two
  // (315 tests: 6.7 min with two workers, 6.1 with three; decision 032).
  workers: 3,
  // A test of the admin signs in more than once (each a password check of half a second of one
  // core) and scans a few pages with axe; on a two-core machine also running the other worker,
  // its browser and the server, 30 s was not always enough. A test that hangs still stops here.
  timeout: 45_000,
  // A page that answers after a password is hashed (an invitation taken, a password changed:
  // scrypt at 2^17) took more than 5 s on a loaded two-core machine.
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL,
    trace: "off",
    launchOptions: {
      executablePath: testChromiumPath,
      args: chromiumFlags,
    },
  },
  projects: [
    { name: "chromium", testIgnore: /nojs\//, use: { ...devices["Desktop Chrome"] } },
    { name: "no-js", testMatch: /nojs\/.*\.spec\.ts/, use: { ...devices["Desktop Chrome"], javaScriptEnabled: false } },
  ],
  webServer: [
    {
      command: "node scripts/start.mjs",
      url: `${baseURL}/readyz`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { ...siteEnv, PORT: String(e2ePort), SITE_URL: baseURL, DATABASE_URL: e2eDatabase },
    },
    {
      command: "node tests/e2e/stand-in-form-server.mjs",
      url: `http://127.0.0.1:${process.env.E2E_FORM_PORT}/healthz`,
      reuseExistingServer: false,
      env: { PORT: String(process.env.E2E_FORM_PORT) },
    },
    {
      command: "node scripts/start.mjs",
      url: `${orderSiteURL}/readyz`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        ...siteEnv,
        PORT: String(process.env.E2E_ORDER_SITE_PORT),
        SITE_URL: orderSiteURL,
        DATABASE_URL: path.join(process.env.E2E_DATA_DIR, "order-site.sqlite"),
        ORDER_FORM_URL: standInFormURL,
      },
    },
  ],
});
