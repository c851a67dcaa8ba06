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
