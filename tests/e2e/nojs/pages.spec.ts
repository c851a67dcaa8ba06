import { faqItems } from "../../../app/content/faq";
import { siteRoutes } from "../../../app/route-manifest";
import { expect, test } from "../fixtures";

for (const route of siteRoutes) {
  test(`${route.path} is readable and its links resolve without JavaScript`, async ({ page, request }) => {
    const response = await page.goto(route.path);
    expect(response?.status()).toBe(200);
    await expect(page.locator("h1")).toHaveCount(1);
    const hrefs = await page
      .locator("main a[href^='/']")
      .evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute("href") ?? ""))]);
    for (const href of hrefs) {
      const target = await request.get(href.split("#")[0] ?? "/");
      expect(target.status(), href).toBeLessThan(400);
    }
  });
}

test("FAQ answers open one at a time without JavaScript", async ({ page }) => {
  await page.goto("/faq");
  const first = page.locator("main details").nth(0);
  const second = page.locator("main details").nth(1);
  await first.locator("summary").click();
  await expect(page.getByText(faqItems[0]?.answer ?? "")).toBeVisible();
  await second.locator("summary").click();
  await expect(first).not.toHaveAttribute("open");
  await second.locator("summary").click();
  await expect(second).not.toHaveAttribute("open");
});

test("bio dialogs open and close without JavaScript", async ({ page }) => {
  await page.goto("/about");
  await page
    .getByRole("button", { name: /^Read bio/ })
    .first()
    .click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("the showcase toggle works as links without JavaScript, and every slide is reachable", async ({ page }) => {
  await page.goto("/");
  await page.locator("#showcase").getByRole("link", { name: "Manual Rocker Switch", exact: true }).click();
  await expect(page).toHaveURL(/power=manual-switch/);
  const images = page.locator("#showcase img");
  await expect(images).toHaveCount(4);
  await expect(images.first()).toHaveAttribute("src", /manual-switch-1/);
  await images.nth(3).scrollIntoViewIfNeeded();
  await expect(images.nth(3)).toBeInViewport();
});

test("the alternating-cells animation pauses from its checkbox without JavaScript", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "no-preference" });
  await page.goto("/");
  const cell = page.locator("#alternation .cell-a").first();
  expect(await cell.evaluate((element) => getComputedStyle(element).animationPlayState)).toBe("running");
  await page.getByRole("checkbox", { name: "Pause the animation" }).check();
  expect(await cell.evaluate((element) => getComputedStyle(element).animationPlayState)).toBe("paused");
});
