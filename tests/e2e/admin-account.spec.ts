import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { e2eRows, seedAccount } from "./seed";

// A wrong current password is a 400 answer, which the browser logs as a failed load. Tall enough
// that the error summary is in view without scrolling the admin tabs under the site's header.
test.use({ allowedConsoleErrors: [/status of 400/], viewport: { width: 1280, height: 1000 } });

async function signInThroughThePage(page: Page, username: string, password: string) {
  await page.goto("/admin/login?redirectTo=/admin/testimonials");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin\/testimonials/);
}

test("a person changes their own password, after a mistake, and signs in with the new one", async ({ page }) => {
  const username = `lena-${Date.now()}`;
  const first = "river-stone-lantern-17";
  const next = "meadow-copper-violin-88";
  await seedAccount(username, first);
  await signInThroughThePage(page, username, first);

  await page.getByRole("link", { name: username }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  await expect(page.getByLabel("Current password")).toHaveAttribute("autocomplete", "current-password");
  await expect(page.getByLabel(/^New password(?! again)/)).toHaveAttribute("autocomplete", "new-password");
  await expectNoAxeViolations(page, "account");

  // A wrong current password, and a common new one: both named, nothing changed.
  await page.getByLabel("Current password").fill("not-my-password-at-all");
  await page.getByLabel(/^New password(?! again)/).fill("password1234");
  await page.getByLabel("New password again").fill("password1234");
  await page.getByRole("button", { name: "Change password" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "problem with the form" });
  await expect(summary).toContainText("Current password: This is not your current password.");
  await expect(summary).toBeFocused();
  await expectNoAxeViolations(page, "account mistake");

  const sessionId = async () => (await page.context().cookies()).find((c) => c.name.endsWith("session"))?.value;
  const before = await sessionId();
  await page.getByLabel("Current password").fill(first);
  await page.getByLabel(/^New password(?! again)/).fill(next);
  await page.getByLabel("New password again").fill(next);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("main").getByRole("status").filter({ hasText: "Password changed" })).toBeVisible();
  // Proving the current password was a sign-in again: the session goes on under a new id.
  expect(await sessionId()).toMatch(/^[\w-]{43}$/);
  expect(await sessionId()).not.toBe(before);
  await expectNoAxeViolations(page, "account changed");
  expect(e2eRows("select action from audit_log where username = ? and action != ?", username, "sign-in")).toEqual([
    { action: "password-changed" },
  ]);

  await page.getByRole("button", { name: "Sign out" }).click();
  // Signed out first: going on at once could cancel the sign-out's post, and the sign-in page
  // would then send the still signed-in person on to the reviews.
  await expect(page).toHaveURL(/\/admin\/login$/);
  await signInThroughThePage(page, username, next);
});
