import { fillContactForm } from "../contact-form";
import { expect, test } from "../fixtures";
import { e2eRows } from "../seed";

// A form post with a mistake answers 400; the browser logs that status.
test.use({ allowedConsoleErrors: [/status of 400/] });

const rows = e2eRows;

test("without JavaScript, a review with one mistake comes back with every value kept", async ({ page }) => {
  await page.goto("/testimonials");
  const form = page.locator("#share form").last();
  await form.getByLabel("Name").fill("Kim Example");
  await form.getByLabel("Email").fill("not-an-email");
  await form.locator("label", { has: page.getByRole("radio", { name: "7 out of 10" }) }).click();
  await form.getByLabel("Context").fill("Power chair user, Ohio");
  await form.getByLabel("travel").check();
  await form.getByLabel("ease of use").check();
  await form.getByRole("textbox", { name: /Your review/ }).fill("The battery lasts the whole weekend.");
  await form.getByRole("button", { name: "Submit Review" }).click();

  const again = page.locator("#share form").last();
  await expect(page.getByRole("alert").filter({ hasText: "problem with the form" })).toContainText(
    "Please enter a valid email address",
  );
  await expect(again.getByLabel("Name")).toHaveValue("Kim Example");
  await expect(again.getByLabel("Email")).toHaveValue("not-an-email");
  await expect(again.getByRole("radio", { name: "7 out of 10" })).toBeChecked();
  await expect(again.getByLabel("Context")).toHaveValue("Power chair user, Ohio");
  await expect(again.getByLabel("travel")).toBeChecked();
  await expect(again.getByLabel("ease of use")).toBeChecked();
  await expect(again.getByLabel("Comfort", { exact: true })).not.toBeChecked();
  await expect(again.getByRole("textbox", { name: /Your review/ })).toHaveValue("The battery lasts the whole weekend.");

  // Fixing only the mistake sends everything else as it was typed.
  const email = `kept-${Date.now()}@example.com`;
  await again.getByLabel("Email").fill(email);
  await again.getByRole("button", { name: "Submit Review" }).click();
  await expect(page.getByText("Thank you! Your review will be published once approved.")).toBeVisible();
  expect(rows("select name, rating, context, tags, approved from testimonials where email = ?", email)).toEqual([
    {
      name: "Kim Example",
      rating: 7,
      context: "Power chair user, Ohio",
      tags: '["travel","ease-of-use"]',
      approved: 0,
    },
  ]);
});

test("without JavaScript, a contact form sent a moment after it was shown is stored, not taken for a bot", async ({
  page,
}) => {
  const email = `nojs-quick-${Date.now()}@example.com`;
  await page.goto("/contact");
  await fillContactForm(page, {
    name: "Lu Quick",
    email,
    topic: "repair",
    message: "The pump makes a clicking sound, can it be repaired?",
  });
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("heading", { name: "Message Sent Successfully!" })).toBeVisible();
  expect(rows("select topic from contact_messages where email = ?", email)).toEqual([{ topic: "repair" }]);
});

test("without JavaScript, a quick empty form gets its errors, never a success page", async ({ page }) => {
  await page.goto("/contact");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "problems with the form" })).toContainText("Name is required");
  await expect(page.getByRole("heading", { name: "Message Sent Successfully!" })).toHaveCount(0);
});

test("without JavaScript, a filled honeypot gets the success page and leaves one spam row, nothing in the inbox", async ({
  page,
}) => {
  const email = `nojs-bot-${Date.now()}@example.com`;
  await page.goto("/contact");
  await page.locator("input[name=website]").evaluate((input: HTMLInputElement) => (input.value = "http://bot.example"));
  await fillContactForm(page, {
    name: "Bot",
    email,
    topic: "general",
    message: "Visit our shop for cheap offers today.",
  });
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("heading", { name: "Message Sent Successfully!" })).toBeVisible();
  expect(rows("select id from contact_messages where email = ?", email)).toEqual([]);
  expect(rows("select kind from spam where payload like ?", `%${email}%`)).toEqual([{ kind: "message" }]);
});

test("without JavaScript, ?sent=1 alone shows the form: only a message just stored shows the success view", async ({
  page,
}) => {
  await page.goto("/contact?sent=1");
  await expect(page.getByRole("heading", { name: "Send us a message" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Message Sent Successfully!" })).toHaveCount(0);
});
