import type { Page } from "@playwright/test";
import { generateTOTP } from "@epic-web/totp";
import { testStaff, testTotpSecret } from "../support/seed";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { e2eDatabase, e2eRows, signInAsStaff } from "./seed";

// A wrong code is a 400 answer, which the browser logs as a failed load; a role's refusal is a 403.
test.use({ allowedConsoleErrors: [/status of 40[03]/], viewport: { width: 1280, height: 1000 } });

/** The code a phone shows for `secret` now, computed by the library the apps' algorithm is written in. */
async function phoneCode(secret: string) {
  return (await generateTOTP({ secret, period: 30 })).otp;
}

/** Waits for the next 30-second step, so a code is not the one just used. */
async function nextStep(page: Page) {
  await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 200);
}

/** Lets the tests' own account take a code of this step again (a code is accepted once; seeding may have used it). */
function unuseCodes(username: string) {
  const db = e2eDatabase();
  try {
    db.prepare("update accounts set totp_last_step = null where username = ?").run(username);
  } finally {
    db.close();
  }
}

async function signInWithPassword(page: Page, username: string, password: string, redirectTo = "/admin") {
  await page.goto(`/admin/login?redirectTo=${encodeURIComponent(redirectTo)}`);
  await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

test("an owner invites a person, who sets up an authenticator app, signs in with its codes and a recovery code once, and is signed out when the owner changes their role", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // A session of its own: confirming gives the session a new id, which would end the kept one
  // that other tests are using at the same time.
  await signInAsStaff(context, baseURL ?? "", "owner", { fresh: true });
  // Inviting is an account change: the owner confirms who they are, and is sent back.
  unuseCodes(testStaff.owner.username);
  await page.goto("/admin/confirm?redirectTo=/admin/accounts");
  await expectNoAxeViolations(page, "confirm");
  await page.getByLabel(/Code from your authenticator app/).fill(await phoneCode(testTotpSecret));
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(/\/admin\/accounts$/);
  await expectNoAxeViolations(page, "accounts");
  const username = `kai.${Date.now()}`;
  await page.getByLabel("Username").fill(username);
  await page.getByLabel(/^Role/).selectOption("leads");
  await page.getByRole("button", { name: "Make invitation link" }).click();
  const link = await page.getByLabel("Invitation link").inputValue();
  expect(link).toMatch(/\/admin\/invite\/[\w-]{43}$/);

  // The person, in a browser of their own.
  const theirs = await browser.newContext({ baseURL });
  const person = await theirs.newPage();
  await person.goto(new URL(link).pathname);
  await expect(person.getByRole("heading", { level: 1, name: "Your staff account" })).toBeVisible();
  await expectNoAxeViolations(person, "invitation");
  const password = "saffron-kettle-meadow-94";
  await person.getByLabel("Choose a password").fill(password);
  await person.getByLabel("The password again").fill(password);
  await person.getByRole("button", { name: "Create my account" }).click();

  await expect(person.getByRole("heading", { level: 1, name: "Set up your second factor" })).toBeVisible();
  await expect(person.getByRole("img", { name: /QR code/ })).toBeVisible();
  await expect(person.getByLabel("Code from the app")).toHaveAttribute("autocomplete", "one-time-code");
  await expectNoAxeViolations(person, "enrol");
  // Password alone: nothing else opens.
  await person.goto("/admin/messages");
  await expect(person).toHaveURL(/\/admin\/enrol\?redirectTo=%2Fadmin%2Fmessages/);
  const secret = ((await person.locator("code").first().textContent()) ?? "").replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const enrolCode = await phoneCode(secret);
  await person.getByLabel("Code from the app").fill(enrolCode);
  await person.getByRole("button", { name: "Turn on the second factor" }).click();
  const codes = person.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  await expectNoAxeViolations(person, "recovery codes");
  const recovery = (await codes.first().textContent()) ?? "";
  await person.getByRole("button", { name: "I have saved them: continue" }).click();
  await expect(person).toHaveURL(/\/admin\/messages/);

  // Signing in again: the code used to set up is refused; a recovery code works, once.
  await person.getByRole("button", { name: "Sign out" }).click();
  await expect(person.getByRole("heading", { name: "Admin Login" })).toBeVisible();
  await signInWithPassword(person, username, password, "/admin/orders");
  await expect(person).toHaveURL(/\/admin\/verify\?redirectTo=%2Fadmin%2Forders/);
  await expectNoAxeViolations(person, "verify");
  const codeField = person.getByLabel(/Code from your authenticator app, or a recovery code/);
  await codeField.fill(enrolCode);
  await person.getByRole("button", { name: "Continue" }).click();
  await expect(person.getByText(/not right, or it has been used/)).toBeVisible();
  await expectNoAxeViolations(person, "verify mistake");
  await codeField.fill(recovery);
  await person.getByRole("button", { name: "Continue" }).click();
  await expect(person).toHaveURL(/\/admin\/orders$/);

  await person.getByRole("button", { name: "Sign out" }).click();
  await signInWithPassword(person, username, password);
  await codeField.fill(recovery);
  await person.getByRole("button", { name: "Continue" }).click();
  await expect(person.getByText(/not right, or it has been used/)).toBeVisible();
  // A code from the app, of a step after the one used: in.
  await nextStep(person);
  await codeField.fill(await phoneCode(secret));
  await person.getByRole("button", { name: "Continue" }).click();
  await expect(person).toHaveURL(/\/admin\/queue$/);

  // Their work changes: the owner makes them a moderator, which signs them out.
  await page.goto("/admin/accounts");
  await page.getByLabel(`New role for ${username}`).selectOption("moderator");
  await page.getByRole("button", { name: `Change role of ${username}` }).click();
  await expect(page.getByText(`${username} is now Moderator, and signed out`)).toBeVisible();
  await expect(
    page
      .getByRole("row", { name: new RegExp(username) })
      .getByRole("cell")
      .first(),
  ).toHaveText("Moderator");
  await expectNoAxeViolations(page, "accounts after a role change");
  await person.reload();
  await expect(person.getByRole("heading", { name: "Admin Login" })).toBeVisible();
  await theirs.close();

  const audit = e2eRows("select action, detail from audit_log where username = ? order by at", username);
  expect(audit.map((row) => row.action)).toEqual(
    expect.arrayContaining(["account-created", "factor-added", "second-factor-failed", "second-factor"]),
  );
  expect(audit).toContainEqual({ action: "second-factor", detail: "Signed in with recovery code." });
  expect(audit).toContainEqual({ action: "second-factor", detail: "Signed in with authenticator." });
});

test("a leads account's password alone reaches nothing, and a moderator is refused orders and shown no link to them", async ({
  page,
  browser,
  baseURL,
}) => {
  // The accounts exist once the tests' seeding has signed them in somewhere.
  const seeding = await browser.newContext();
  await signInAsStaff(seeding, baseURL ?? "", "leads");
  await signInAsStaff(seeding, baseURL ?? "", "moderator");
  await seeding.close();

  const { username, password } = testStaff.leads;
  await signInWithPassword(page, username, password, "/admin/orders");
  await expect(page).toHaveURL(/\/admin\/verify/);
  for (const target of ["/admin/orders", "/admin/messages", "/admin/account", "/admin/spam"]) {
    await page.goto(target);
    await expect(page, target).toHaveURL(/\/admin\/verify\?redirectTo=/);
  }
  await page.getByRole("button", { name: "Cancel and sign out" }).click();

  const moderator = testStaff.moderator;
  await signInWithPassword(page, moderator.username, moderator.password, "/admin/testimonials");
  await expect(page).toHaveURL(/\/admin\/testimonials/);
  const nav = page.getByRole("navigation", { name: "Admin" });
  await expect(nav.getByRole("link", { name: /Reviews/ })).toBeVisible();
  await expect(nav.getByRole("link", { name: /Orders|Messages|Data requests|Accounts|Audit/ })).toHaveCount(0);
  const refused = await page.goto("/admin/orders");
  expect(refused?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1, name: "Not part of your role" })).toBeVisible();
  await expectNoAxeViolations(page, "403");
  expect((await page.goto("/admin/messages/export.csv"))?.status()).toBe(403);
});

test("an editor's password alone reaches nothing; signed in, an editor sees the content tabs only and is refused leads, reviews and accounts", async ({
  page,
  browser,
  baseURL,
}) => {
  // The account exists once the tests' seeding has signed it in somewhere.
  const seeding = await browser.newContext();
  await signInAsStaff(seeding, baseURL ?? "", "editor");
  await seeding.close();

  const { username, password } = testStaff.editor;
  await signInWithPassword(page, username, password, "/admin/spam");
  await expect(page).toHaveURL(/\/admin\/verify\?redirectTo=%2Fadmin%2Fspam/);
  for (const target of ["/admin", "/admin/spam", "/admin/account"]) {
    await page.goto(target);
    await expect(page, target).toHaveURL(/\/admin\/verify\?redirectTo=/);
  }
  await page.getByRole("button", { name: "Cancel and sign out" }).click();

  const editor = await browser.newContext({ baseURL });
  await signInAsStaff(editor, baseURL ?? "", "editor");
  const signedIn = await editor.newPage();
  await signedIn.goto("/admin/account");
  const nav = signedIn.getByRole("navigation", { name: "Admin" });
  await expect(nav.getByRole("link")).toHaveText(["Content", "Files", "Launch checklist"]);
  await expectNoAxeViolations(signedIn, "editor's account");
  // The spam list holds nothing an editor may decide, and says so rather than "nothing is held".
  await signedIn.goto("/admin/spam");
  await expect(signedIn.getByText(/your role includes none of them/)).toBeVisible();
  await expect(signedIn.getByRole("button", { name: /Not spam/ })).toHaveCount(0);
  await expectNoAxeViolations(signedIn, "editor's spam");
  for (const target of ["/admin/orders", "/admin/messages", "/admin/testimonials", "/admin/accounts", "/admin/audit"]) {
    expect((await signedIn.goto(target))?.status(), target).toBe(403);
    await expect(signedIn.getByRole("heading", { level: 1, name: "Not part of your role" })).toBeVisible();
  }
  for (const target of ["/admin/messages/export.csv", "/admin/orders/export.csv", "/admin/data-requests/export.json"])
    expect((await signedIn.goto(target))?.status(), target).toBe(403);
  await editor.close();
});

test("an owner choosing a role reads what each may do, the editor's among them", async ({ page, context, baseURL }) => {
  await signInAsStaff(context, baseURL ?? "", "owner");
  await page.goto("/admin/accounts");
  await expect(page.getByLabel(/^Role/).getByRole("option", { name: "Editor" })).toHaveCount(1);
  const roles = page.getByRole("definition");
  await expect(roles.filter({ hasText: /^The site's content, its files and the launch checklist/ })).toHaveCount(1);
  await expect(page.getByRole("term").filter({ hasText: /^Editor$/ })).toHaveCount(1);
});

test("an export asks for the second factor again once five minutes have passed, then downloads, and the audit log counts its rows", async ({
  page,
  context,
  baseURL,
}) => {
  await signInAsStaff(context, baseURL ?? "", "leads", { fresh: true });
  // Five minutes and more since this session proved who it is.
  const db = e2eDatabase();
  try {
    db.prepare(
      "update sessions set confirmed_at = ? where account_id = (select id from accounts where username = ?) and revoked_at is null",
    ).run(new Date(Date.now() - 6 * 60_000).toISOString(), testStaff.leads.username);
    db.prepare("update accounts set totp_last_step = null where username = ?").run(testStaff.leads.username);
  } finally {
    db.close();
  }
  await page.goto("/admin/messages");
  await page.getByRole("link", { name: "Export CSV" }).click();
  await expect(page).toHaveURL(/\/admin\/confirm\?redirectTo=%2Fadmin%2Fmessages/);
  await expect(page.getByRole("heading", { level: 1, name: "Confirm it is you" })).toBeVisible();
  await page.getByLabel(/Code from your authenticator app/).fill(await phoneCode(testTotpSecret));
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(/\/admin\/messages$/);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  expect((await download).suggestedFilename()).toMatch(/^aquila-messages-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = e2eRows(
    "select action, detail from audit_log where username = ? and action in ('confirmed', 'exported') order by at desc limit 2",
    testStaff.leads.username,
  );
  expect(rows).toEqual([
    { action: "exported", detail: expect.stringMatching(/^\d+ rows as CSV\.$/) },
    { action: "confirmed", detail: "With authenticator." },
  ]);
});

for (const theme of ["dark", "light"] as const) {
  test(`axe finds nothing on the account pages in the ${theme} theme`, async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "theme", value: theme, url: baseURL ?? "" }]);
    await signInAsStaff(context, baseURL ?? "", "owner", { fresh: true });
    for (const target of [
      "/admin/queue",
      "/admin/accounts",
      "/admin/audit?action=sign-in",
      "/admin/account",
      "/admin/confirm",
    ]) {
      await page.goto(target);
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      await expectNoAxeViolations(page, `${target} ${theme}`);
    }
  });

  test(`axe finds nothing on the second step and a role's refusal in the ${theme} theme`, async ({
    page,
    context,
    browser,
    baseURL,
  }) => {
    // A leads account after its password: the second step. (Seeding makes the account.)
    const seeding = await browser.newContext();
    await signInAsStaff(seeding, baseURL ?? "", "leads");
    await seeding.close();
    await context.addCookies([{ name: "theme", value: theme, url: baseURL ?? "" }]);
    await signInWithPassword(page, testStaff.leads.username, testStaff.leads.password);
    await expect(page.getByRole("heading", { level: 1, name: "Second step" })).toBeVisible();
    await expectNoAxeViolations(page, `verify ${theme}`);
    // A moderator refused a page of health details.
    const moderator = await browser.newContext({ baseURL });
    await moderator.addCookies([{ name: "theme", value: theme, url: baseURL ?? "" }]);
    await signInAsStaff(moderator, baseURL ?? "", "moderator");
    const refused = await moderator.newPage();
    await refused.goto("/admin/orders");
    await expect(refused.getByRole("heading", { level: 1, name: "Not part of your role" })).toBeVisible();
    await expectNoAxeViolations(refused, `403 ${theme}`);
    await moderator.close();
  });
}
