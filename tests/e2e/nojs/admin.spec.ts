import { expect, test } from "../fixtures";

test.use({ allowedConsoleErrors: [/status of 40[01]/] });

test("without JavaScript staff can sign in and out", async ({ page }) => {
  await page.goto("/admin/login?redirectTo=/admin/messages");
  await page.getByLabel("Username").fill("admin");
  await page.getByLabel("Password").fill("wrong password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Invalid username or password")).toBeVisible();
  await expect(page.getByLabel("Username")).toHaveValue("admin");
  await page.getByLabel("Password").fill("e2e-admin-password-long");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin\/messages$/);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
});
