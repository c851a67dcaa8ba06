import { expect, test } from "../fixtures";
import { e2eDatabase } from "../seed";

test.use({ allowedConsoleErrors: [/status of 40[01]/] });

test("without JavaScript a review posts and the page shows the outcome inline", async ({ page }) => {
  await page.goto("/testimonials");
  const form = page.locator("#share form").last();
  await form.getByRole("button", { name: "Submit Review" }).click();
  await expect(page.getByText("Missing Information")).toBeVisible();

  const email = `nojs-review-${Date.now()}@example.com`;
  const again = page.locator("#share form").last();
  await again.getByLabel("Name").fill("Pat");
  await again.getByLabel("Email").fill(email);
  await again.locator("label", { has: page.getByRole("radio", { name: "9 out of 10" }) }).click();
  await again.getByRole("textbox", { name: /Your review/ }).fill("Works without any fuss.");
  await again.getByRole("button", { name: "Submit Review" }).click();
  await expect(page.getByText("Thank you! Your review will be published once approved.")).toBeVisible();
  const db = e2eDatabase();
  expect(db.prepare("select rating, approved from testimonials where email = ?").get(email)).toEqual({ rating: 9, approved: 0 });
  db.close();
});

test("without JavaScript the filters are links", async ({ page }) => {
  await page.goto("/testimonials");
  await page.getByRole("link", { name: "Travel", exact: true }).click();
  await expect(page).toHaveURL(/tag=travel/);
  await expect(page.getByRole("link", { name: "Travel", exact: true })).toHaveAttribute("aria-current", "page");
});
