import { generateTOTP } from "@epic-web/totp";
import { expect, test } from "../fixtures";
import { e2eRows, signInAsStaff } from "../seed";

test.use({ allowedConsoleErrors: [/status of 400/] });

const phoneCode = async (secret: string) => (await generateTOTP({ secret, period: 30 })).otp;

test("without JavaScript, an invited person sets up an authenticator app and signs in with a recovery code", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  await signInAsStaff(context, baseURL ?? "", "owner", { fresh: true });
  // Just signed in, so the owner has proved who they are within five minutes: no confirmation asked.
  await page.goto("/admin/accounts");
  const username = `ines.${Date.now()}`;
  await page.getByLabel("Username").fill(username);
  // A mistake first (no role): said beside the field, and the username comes back as typed.
  await page.getByRole("button", { name: "Make invitation link" }).click();
  await expect(page.getByRole("status")).toHaveText("The invitation was not made: see the fields below.");
  await expect(page.getByLabel(/^Role/)).toHaveAccessibleDescription(/Choose a role/);
  await expect(page.getByLabel("Username")).toHaveValue(username);
  await page.getByLabel(/^Role/).selectOption("owner");
  await page.getByRole("button", { name: "Make invitation link" }).click();
  const link = await page.getByLabel("Invitation link").inputValue();

  const theirs = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const person = await theirs.newPage();
  await person.goto(new URL(link).pathname);
  const password = "juniper-atlas-pebble-35";
  await person.getByLabel("Choose a password").fill(password);
  await person.getByLabel("The password again").fill(password);
  await person.getByRole("button", { name: "Create my account" }).click();
  await expect(person.getByRole("heading", { level: 1, name: "Set up your second factor" })).toBeVisible();
  // A mistake first: said, and the set-up key is the same on the page that answers.
  const secret = ((await person.locator("code").first().textContent()) ?? "").replace(/\s/g, "");
  await person.getByLabel("Code from the app").fill("12345");
  await person.getByRole("button", { name: "Turn on the second factor" }).click();
  await expect(person.getByText(/That code is not right/)).toBeVisible();
  expect(((await person.locator("code").first().textContent()) ?? "").replace(/\s/g, "")).toBe(secret);
  await person.getByLabel("Code from the app").fill(await phoneCode(secret));
  await person.getByRole("button", { name: "Turn on the second factor" }).click();
  const codes = person.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.nth(3).textContent()) ?? "";
  await person.getByRole("button", { name: "I have saved them: continue" }).click();
  await expect(person.getByRole("navigation", { name: "Admin" })).toBeVisible();

  await person.getByRole("button", { name: "Sign out" }).click();
  await person.getByLabel("Username").fill(username);
  await person.getByLabel("Password").fill(password);
  await person.getByRole("button", { name: "Sign In" }).click();
  await expect(person.getByRole("heading", { level: 1, name: "Second step" })).toBeVisible();
  await person.getByLabel(/or a recovery code/).fill(recovery.toUpperCase());
  await person.getByRole("button", { name: "Continue" }).click();
  await expect(person.getByRole("navigation", { name: "Admin" })).toBeVisible();
  await theirs.close();
  expect(e2eRows("select detail from audit_log where username = ? and action = 'second-factor'", username)).toEqual([
    { detail: "Signed in with recovery code." },
  ]);
});
