import { expect, test } from "./fixtures";

test("dark is the default theme", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
});

test("choosing a theme is instant, remembered, and rendered by the server with no flash", async ({ page, request }) => {
  await page.goto("/");
  await page.locator("summary", { hasText: "Theme" }).first().click();
  await page.getByRole("button", { name: "Light" }).first().click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  await expect(page.locator("button[name=theme][value=light]").first()).toHaveAttribute("aria-pressed", "true");
  expect(await page.evaluate(() => localStorage.getItem("aquila-theme"))).toBe("light");

  // The first byte of HTML already carries the theme: nothing is repainted after load.
  // The page changed at once; the cookie follows when the post behind it completes.
  await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === "theme")?.value).toBe("light");
  const html = await (await request.get("/", { headers: { Cookie: "theme=light" } })).text();
  expect(html).toMatch(/<html[^>]*data-theme="light"/);

  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
});

test("the system theme follows the operating system", async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: "theme", value: "system", url: baseURL }]);
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/");
  const light = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await page.emulateMedia({ colorScheme: "dark" });
  const dark = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(light).not.toBe(dark);
});

test("on a page without React, choosing a theme keeps the page and focus, and is remembered", async ({ page }) => {
  await page.goto("/about");
  expect(await page.locator('script[type="module"]').count(), "/about ships no React").toBe(0);
  // The page the theme was drawn in is what local storage says, from the first visit.
  expect(await page.evaluate(() => localStorage.getItem("aquila-theme"))).toBe("dark");
  await page.evaluate(() => Object.assign(window, { samePage: true }));

  const toggle = page.locator("#desktop-theme-toggle");
  await toggle.focus();
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "Light" }).first().focus();
  await page.keyboard.press("Enter");

  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute("aria-label", "Theme: Light");
  await expect(page.locator("button[name=theme][value=light]").first()).toHaveAttribute("aria-pressed", "true");
  expect(await page.evaluate(() => localStorage.getItem("aquila-theme"))).toBe("light");
  expect(await page.evaluate(() => "samePage" in window), "the page was not reloaded").toBe(true);
  await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === "theme")?.value).toBe("light");

  await page.goto("/faq");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
});

test("at 375 px, choosing a theme from inside the folded menu keeps the menu open and focus on the theme's toggle", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 667 });
  for (const path of ["/about", "/testimonials"]) {
    await page.goto(path);
    const menu = page.locator("summary", { hasText: /^\s*Menu\s*$/ });
    await menu.focus();
    await page.keyboard.press("Enter");
    const toggle = page.locator("#mobile-theme-toggle");
    await toggle.focus();
    await page.keyboard.press("Enter");
    await page.locator('form[action="/theme"]').last().getByRole("button", { name: "Light" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
    await expect(toggle, path).toBeFocused();
    await expect(toggle, path).toBeVisible();
    await page.keyboard.press("Escape");
    await page.context().clearCookies();
  }
});
