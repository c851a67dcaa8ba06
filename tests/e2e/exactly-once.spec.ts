import type { Request } from "@playwright/test";
import { fillContactForm } from "./contact-form";
import { expect, test } from "./fixtures";
import { e2eRows } from "./seed";

/**
 * With JavaScript, the form's ticket (decision 022) makes a double-clicked Send store one message,
 * and a page served from memory still measures the fill from when this visitor got it.
 */

test("a double-clicked Send stores one message and shows one confirmation", async ({ page }) => {
  const email = `js-twice-${Date.now()}@example.com`;
  const posts: Request[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request);
  });
  await page.goto("/contact");
  await fillContactForm(page, { name: "Dee Double", email, topic: "product", message: "Clicked twice, as hands sometimes do." });
  await page.getByRole("button", { name: "Send Message" }).dblclick();
  await expect(page.getByRole("heading", { name: "Message Sent Successfully!" })).toBeVisible();
  expect(posts.length).toBeGreaterThanOrEqual(1);
  expect(e2eRows("select count(*) as n from contact_messages where email = ?", email)).toEqual([{ n: 1 }]);
});

test("a message sent after another from the same page, without a reload, is its own submission, unmarked by the first", async ({ page }) => {
  const stamp = Date.now();
  await page.goto("/contact");
  for (const n of [1, 2]) {
    const shown = Date.now();
    await fillContactForm(page, { name: "Sam Second", email: `js-again-${stamp}-${n}@example.com`, topic: "product", message: `Message number ${n}.` });
    // A person's pace: past the fill-time signal.
    await page.waitForTimeout(Math.max(0, shown + 3_000 - Date.now()));
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("heading", { name: "Message Sent Successfully!" })).toBeVisible();
    if (n === 1) await page.getByRole("link", { name: "Send Another Message" }).click();
  }
  // The second came with the ticket of the page after the first was stored, not the used one.
  const stored = e2eRows("select email, spam_signals from contact_messages where email like ? order by email", `js-again-${stamp}-%`);
  expect(stored).toEqual([
    { email: `js-again-${stamp}-1@example.com`, spam_signals: null },
    { email: `js-again-${stamp}-2@example.com`, spam_signals: null },
  ]);
});
