import { expect, test } from "../fixtures";

test("without JavaScript the menus open and their links work", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.locator("summary", { hasText: "Contact" }).click();
  await expect(nav.getByRole("link", { name: "Contact Us" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "FAQ" })).toHaveAttribute("href", "/faq");
});

test("without JavaScript the mobile menu opens", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/");
  await page.locator("summary", { hasText: /^\s*Menu\s*$/ }).click();
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Testimonials" }),
  ).toBeVisible();
});

test("without JavaScript the theme form posts, sets the cookie and comes back", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // A parameter the page reads comes back with it (one it does not read is not part of the kept page's address).
  await page.goto("/?power=manual-switch");
  await page.locator("summary", { hasText: "Theme" }).first().click();
  await page.getByRole("button", { name: "Light" }).first().click();
  await expect(page).toHaveURL(/\/\?power=manual-switch$/);
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
});
