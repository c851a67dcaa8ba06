import { expect, test } from "../fixtures";
import { e2eRows, seedAccount } from "../seed";

test.use({ allowedConsoleErrors: [/status of 400/] });

test("without JavaScript a person changes their own password, after a mistake that keeps nothing typed", async ({
  page,
}) => {
  const username = `noor-${Date.now()}`;
  const first = "harbour-linen-compass-23";
  const next = "orchard-granite-kettle-61";
  await seedAccount(username, first);
  await page.goto("/admin/login?redirectTo=/admin/account");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(first);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();

  await page.getByLabel("Current password").fill(first);
  await page.getByLabel(/^New password(?! again)/).fill(next);
  await page.getByLabel("New password again").fill(`${next}x`);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "problem with the form" })).toContainText(
    "New password again: The two new passwords are not the same",
  );
  // Passwords are never sent back into the page.
  await expect(page.getByLabel("Current password")).toHaveValue("");

  await page.getByLabel("Current password").fill(first);
  await page.getByLabel(/^New password(?! again)/).fill(next);
  await page.getByLabel("New password again").fill(next);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("main").getByRole("status").filter({ hasText: "Password changed" })).toBeVisible();
  expect(e2eRows("select action from audit_log where username = ? and action != ?", username, "sign-in")).toEqual([
    { action: "password-changed" },
  ]);
});
