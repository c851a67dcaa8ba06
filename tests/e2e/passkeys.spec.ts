import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import Database from "#db/sqlite-driver.mjs";
import { freePort, type ServerProcess, startServerProcess } from "../integration/server-process";
import { seedInvitation } from "../support/seed";
import { expect, expectNoAxeViolations, test } from "./fixtures";

/**
 * Passkeys in Chromium with a virtual authenticator (the DevTools Protocol's WebAuthn domain),
 * against a server of their own at http://localhost: WebAuthn refuses an IP address as the site.
 */

let server: ServerProcess;
let file = "";
let origin = "";

test.describe.configure({ mode: "serial" });
// A refused passkey or code is a 4xx answer, which the browser logs.
test.use({ allowedConsoleErrors: [/status of 40[0139]/] });

test.beforeAll(async () => {
  file = path.join(mkdtempSync(path.join(os.tmpdir(), "aquila-passkeys-")), "site.sqlite");
  const port = await freePort();
  origin = `http://localhost:${port}`;
  server = await startServerProcess({
    DATABASE_URL: file,
    PORT: String(port),
    SITE_URL: origin,
    ADMIN_PASSWORD: "passkey-moderator-password",
  });
});

test.afterAll(async () => {
  await server?.stop();
});

/** A platform authenticator that holds resident keys and verifies its user (a fingerprint, say) every time. */
async function addAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

test("an invited person adds a passkey as their second factor, then signs in with it from the username field's autofill and as the second step", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { cdp, authenticatorId } = await addAuthenticator(page);
  const username = `ada.${Date.now()}`;
  const invitation = await seedInvitation(file, username, "leads");

  await page.goto(`${origin}${invitation}`);
  const password = "cobalt-lantern-thistle-27";
  await page.getByLabel("Choose a password").fill(password);
  await page.getByLabel("The password again").fill(password);
  await page.getByRole("button", { name: "Create my account" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Set up your second factor" })).toBeVisible();
  await page.getByRole("button", { name: "Add a passkey" }).click();
  const codes = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  await expectNoAxeViolations(page, "passkey added");
  await page.getByRole("button", { name: "I have saved them: continue" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Today's work" })).toBeVisible();
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.isResidentCredential).toBe(true);

  // Signing in with the passkey alone, from the username field's autofill: the page asks the
  // browser to offer its passkeys there as soon as it loads, and the virtual authenticator, like a
  // person picking the offered passkey, answers it at once. No button, no password.
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL(/\/admin\/login/);
  // Read on the server's side: the passkey itself was used for this sign-in (nothing used it
  // before). The page is no evidence by itself: React shows the new page a moment after the
  // address changes, so for that moment the address is the sign-in page's while today's work,
  // from before signing out, is still on screen.
  const lastUsed = () => {
    const used = new Database(file, { readonly: true });
    try {
      const row = used
        .prepare(
          "select passkeys.last_used_at as at from passkeys join accounts on accounts.id = passkeys.account_id where accounts.username = ?",
        )
        .get(username) as { at: string | null } | undefined;
      return row?.at ?? null;
    } finally {
      used.close();
    }
  };
  await expect.poll(lastUsed, { message: "the passkey's last use", timeout: 20_000 }).toBeTruthy();
  await expect(page).not.toHaveURL(/\/admin\/login/);
  await expect(page.getByRole("heading", { level: 1, name: "Today's work" })).toBeVisible();

  // The passkey as the second step after the password. While the sign-in page's autofill request
  // waits with a virtual authenticator attached, headless Chromium does not finish the DevTools
  // Protocol's clicks and typing in the form, so the authenticator is detached while the password
  // is typed, and attached again, with the same passkey, at the second step.
  const [credential] = (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials;
  await cdp.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId });
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByLabel("Username")).toHaveAttribute("autocomplete", "username webauthn");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Second step" })).toBeVisible();
  const again = await addAuthenticator(page);
  if (!credential) throw new Error("the authenticator held no passkey");
  await again.cdp.send("WebAuthn.addCredential", { authenticatorId: again.authenticatorId, credential });
  await expectNoAxeViolations(page, "second step with a passkey");
  await page.getByRole("button", { name: "Use a passkey" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Today's work" })).toBeVisible();

  // The only factor of a leads account cannot be removed.
  await page.goto(`${origin}/admin/account`);
  await expect(page.getByRole("heading", { level: 2, name: "Passkeys" })).toBeVisible();
  await expectNoAxeViolations(page, "account with a passkey");
  await page.getByRole("button", { name: /^Remove/ }).click();
  await expect(page.getByText(/only second factor/)).toBeVisible();

  const db = new Database(file, { readonly: true });
  const audit = db
    .prepare("select action, detail from audit_log where username = ? order by at")
    .all(username) as Array<{ action: string; detail: string }>;
  db.close();
  expect(audit).toEqual(
    expect.arrayContaining([
      { action: "factor-added", detail: "Passkey; 10 recovery codes." },
      { action: "sign-in", detail: "Passkey." },
      { action: "second-factor", detail: "Signed in with passkey." },
    ]),
  );
});
