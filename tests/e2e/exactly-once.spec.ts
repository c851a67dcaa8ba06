import { fillContactForm } from "./contact-form";
import { expect, test } from "./fixtures";
import { e2eRows } from "./seed";
import { e2eMinFillMs } from "../../playwright.config";

/**
 * With JavaScript, each form the page shows has a ticket of its own (decision 022): the next
 * message after a stored one is not taken for a resend of it. (A second click while sending finds
 * the button disabled, and React Router sends one post; the server's side of a repeat is in
 * nojs/exactly-once.spec.ts and app/lib/form-once.server.test.ts.)
 */

test("a message sent after another from the same page, without a reload, is its own submission, unmarked by the first", async ({
  page,
}) => {
  const stamp = Date.now();
  await page.goto("/contact");
  for (const n of [1, 2]) {
    const shown = Date.now();
    await fillContactForm(page, {
      name: "Sam Second",
      email: `js-again-${stamp}-${n}@example.com`,
      topic: "product",
      message: `Message number ${n}.`,
    });
    // A person's pace: past the fill-time signal.
    await page.waitForTimeout(Math.max(0, shown + e2eMinFillMs + 500 - Date.now()));
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("heading", { name: "Message Sent Successfully!" })).toBeVisible();
    if (n === 1) await page.getByRole("link", { name: "Send Another Message" }).click();
  }
  // The second came with the ticket of the page after the first was stored, not the used one.
  const stored = e2eRows(
    "select email, spam_signals from contact_messages where email like ? order by email",
    `js-again-${stamp}-%`,
  );
  expect(stored).toEqual([
    { email: `js-again-${stamp}-1@example.com`, spam_signals: null },
    { email: `js-again-${stamp}-2@example.com`, spam_signals: null },
  ]);
});

test("a form reached by a link in the page has its own ticket, not the one of the page before", async ({ page }) => {
  await page.goto("/order");
  const orderTicket = await page.locator("input[name=ticket]").first().inputValue();
  // Followed in the page, without a reload: the contact form comes with the data of its own request.
  await page.getByRole("contentinfo").getByRole("link", { name: "Contact", exact: true }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole("button", { name: "Send Message" })).toBeVisible();
  const contactTicket = await page.locator("input[name=ticket]").first().inputValue();
  expect(contactTicket).toMatch(/^t1\./);
  expect(contactTicket).not.toBe(orderTicket);
  // Issued when the contact page's data was asked for, after the order page's ticket.
  const issued = (ticket: string) => parseInt(ticket.split(".")[1] ?? "", 36);
  expect(issued(contactTicket)).toBeGreaterThanOrEqual(issued(orderTicket));
});
