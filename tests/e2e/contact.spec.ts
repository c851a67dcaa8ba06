import { expect, expectNoAxeViolations, test } from "./fixtures";
import { e2eDatabase } from "./seed";

function storedMessages(email: string) {
  const db = e2eDatabase();
  const rows = db.prepare("select * from contact_messages where email = ?").all(email) as Array<
    Record<string, unknown>
  >;
  db.close();
  return rows;
}

function storedSpam(email: string) {
  const db = e2eDatabase();
  const rows = db.prepare("select * from spam where payload like ?").all(`%${email}%`) as Array<
    Record<string, unknown>
  >;
  db.close();
  return rows;
}

async function fill(page: import("@playwright/test").Page, email: string) {
  await page.getByLabel("Name").fill("Ana Example");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone").fill("555-0100");
  await page.getByLabel("Topic").selectOption("support");
  await page.getByRole("textbox", { name: /^Message/ }).fill("The controller light blinks twice. What does it mean?");
  await page.getByLabel(/I agree/).check();
}

test("the page shows the ways to reach us and the privacy note", async ({ page }) => {
  await page.goto("/contact");
  await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
  await expect(page.getByText("Email response in 1-2 business days")).toBeVisible();
  await expect(page.getByText(/Phone support Monday–Friday, 9 a.m.–5 p.m. Eastern Time/)).toBeVisible();
  for (const card of ["Email", "Phone", "Hours", "Response time"]) {
    await expect(page.getByRole("heading", { level: 2, name: card, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("heading", { name: "Send us a message" })).toBeVisible();
  await expect(page.getByText("never shared with third parties")).toBeVisible();
  await expect(page.locator("#contact-form")).toBeVisible();
  const honeypot = page.locator("input[name=website]");
  await expect(honeypot).toHaveAttribute("tabindex", "-1");
  await expect(honeypot).toHaveAttribute("autocomplete", "off");
  await expect(honeypot).not.toBeInViewport();
});

test("empty fields are listed in a summary that takes focus, each next to its field", async ({ page }) => {
  await page.goto("/contact");
  await page.getByRole("button", { name: "Send Message" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "problems with the form" });
  await expect(summary).toBeFocused();
  for (const message of [
    "Name is required",
    "Please enter a valid email address",
    "Please select a topic",
    "Message must be at least 10 characters",
    "You must agree to the privacy policy",
  ]) {
    await expect(summary).toContainText(message);
  }
  await expect(page.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Name")).toHaveAccessibleDescription("Name is required");
  await expectNoAxeViolations(page, "contact errors");
});

test("a message is stored and the page turns into the success view, then offers a fresh form", async ({ page }) => {
  const email = `success-${Date.now()}@example.com`;
  await page.goto("/contact");
  await fill(page, email);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("heading", { name: "Message Sent Successfully!" })).toBeFocused();
  await expect(page).toHaveURL(/\/contact\?sent=1$/);
  await expect(page.getByRole("status").filter({ hasText: "Message sent successfully!" }).first()).toBeAttached();
  await expectNoAxeViolations(page, "contact success");
  const stored = storedMessages(email);
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({
    name: "Ana Example",
    topic: "support",
    phone: "555-0100",
    consent: 1,
    status: "new",
  });

  await page.getByRole("link", { name: "Send Another Message" }).click();
  await expect(page.getByLabel("Name")).toHaveValue("");
  await expect(page.getByLabel("Name")).toBeFocused();
  await expect(page.getByRole("textbox", { name: /^Message/ })).toHaveValue("");
});

test("while sending, the button says so and cannot be pressed twice", async ({ page }) => {
  await page.goto("/contact");
  await fill(page, `slow-${Date.now()}@example.com`);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  // The form posts to its own route's action (as /contact.data when JavaScript runs).
  await page.route("**/contact.data*", async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("button", { name: "Sending..." })).toBeDisabled();
  release();
  await expect(page.getByRole("heading", { name: "Message Sent Successfully!" })).toBeVisible();
});

test.describe("when sending fails", () => {
  // The aborted request is logged by the browser; that is the failure under test.
  test.use({ allowedConsoleErrors: [/net::ERR_FAILED/] });
  test("every typed value stays and the visitor is told how else to reach us", async ({ page }) => {
    const email = `failure-${Date.now()}@example.com`;
    await page.goto("/contact");
    await fill(page, email);
    await page.route("**/contact.data*", (route) => route.abort());
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Failed to send message").first()).toBeVisible();
    // The button is disabled while sending and loses focus; the failure takes it.
    await expect(page.getByRole("alert").filter({ hasText: "Failed to send message" })).toBeFocused();
    await expect(page.getByText(/Please try again or contact us directly at .+@/).first()).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveValue("Ana Example");
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await expect(page.getByRole("textbox", { name: /^Message/ })).toHaveValue(/blinks twice/);
    await expect(page.getByLabel(/I agree/)).toBeChecked();
    expect(storedMessages(email)).toHaveLength(0);
  });
});

test("the case-studies link prefills the topic and names the study", async ({ page }) => {
  await page.goto("/case-studies");
  await page
    .getByRole("link", { name: /Request the full study/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/contact\?topic=product/);
  await expect(page.getByLabel("Topic")).toHaveValue("product");
  await expect(page.getByRole("textbox", { name: /^Message/ })).toHaveValue(/Full study: /);
});

test("a filled honeypot is answered like a success, kept as spam and never reaches the inbox", async ({ request }) => {
  const email = `bot-${Date.now()}@example.com`;
  const response = await request.post("/api/contact", {
    form: {
      name: "Bot",
      email,
      topic: "general",
      message: "Buy cheap things now!!",
      consent: "on",
      website: "http://spam.example",
    },
  });
  expect(response.status()).toBe(201);
  expect(await response.json()).toEqual({ ok: true });
  expect(storedMessages(email)).toHaveLength(0);
  expect(storedSpam(email)).toHaveLength(1);
});

test("the JSON call refuses invalid input with field messages and stores nothing", async ({ request }) => {
  const email = `invalid-${Date.now()}@example.com`;
  const response = await request.post("/api/contact", { data: { name: "", email, topic: "", message: "short" } });
  expect(response.status()).toBe(400);
  const body = await response.json();
  expect(body.errors).toMatchObject({
    name: "Name is required",
    topic: "Please select a topic",
    message: "Message must be at least 10 characters",
    consent: "You must agree to the privacy policy",
  });
  expect(storedMessages(email)).toHaveLength(0);
});

test("F8 moves focus to the notification, which is announced politely for a success", async ({ page }) => {
  await page.goto("/contact");
  await fill(page, `f8-${Date.now()}@example.com`);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("heading", { name: "Message Sent Successfully!" })).toBeVisible();
  // The notification closes itself after five seconds unless focus is in it, so look first.
  await expect(
    page.locator('[role="status"][aria-live="polite"]').filter({ hasText: "Message sent successfully!" }),
  ).toBeAttached();
  await page.keyboard.press("F8");
  await expect
    .poll(() =>
      page.evaluate(() => Boolean(document.activeElement?.closest('[role="region"][aria-label="Notifications (F8)"]'))),
    )
    .toBe(true);
});
