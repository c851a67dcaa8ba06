import type { Locator, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { completeOrderForm } from "../support/orders";
import { openKeptCopy } from "../support/kept-pages";
import { e2eRows, seedMessage, signInAsStaff } from "./seed";

/**
 * Nothing a visitor is thanked for is lost: a person who fills a form in a second (autofill, voice
 * input, a caregiver) reaches staff by the normal path; a submission that trips the honeypot is
 * answered the same but held in the spam store, where staff can move it back.
 */
const rows = e2eRows;

/**
 * Fills the contact form as autofill does: everything at once (one step in the page, not a field
 * at a time), then send.
 */
async function autofillContact(page: Page, email: string, message: string, extra: Record<string, string> = {}) {
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Send Message" }) });
  await autofill(form, { name: "Ada Quick", email, topic: "product", message, consent: "on", ...extra });
  await form.getByRole("button", { name: "Send Message" }).click();
}

/** What only a bot fills: the off-screen field a person never sees or reaches. */
async function fillHoneypot(form: Locator) {
  await form.locator("input[name=website]").evaluate((input: HTMLInputElement) => (input.value = "http://bot.example"));
}

/** Sets several fields at once, as a browser's autofill does, without typing ("on" ticks a checkbox). */
async function autofill(form: Locator, values: Record<string, string>) {
  await form.evaluate((element: HTMLFormElement, entries) => {
    for (const [name, value] of Object.entries(entries)) {
      const input = element.elements.namedItem(name) as HTMLInputElement;
      if (input.type === "checkbox") input.checked = value === "on";
      else input.value = value;
    }
  }, values);
}

test("a contact form served from memory, filled and sent within a second, with two links, reaches the staff inbox and its delivery, marked with why", async ({
  page,
  context,
  baseURL,
}) => {
  const email = `quick-${Date.now()}@example.com`;
  // A kept copy (its CSP lists script hashes, not a nonce), whose ticket was made for this
  // response, not for the render.
  expect(await openKeptCopy(page, "/contact")).toBe(true);
  await autofillContact(
    page,
    email,
    "Filled by autofill: see https://www.example.com/chair and https://clinic.example/seat",
  );
  await expect(page.getByRole("heading", { name: "Message Sent Successfully!" })).toBeVisible();
  const [stored] = rows("select id, status from contact_messages where email = ?", email);
  expect(stored).toMatchObject({ status: "new" });
  expect(rows("select kind from outbox where ref_id = ?", stored?.id)).toEqual([{ kind: "message" }]);
  expect(rows("select * from spam where payload like ?", `%${email}%`)).toEqual([]);

  await signInAsStaff(context, baseURL ?? "");
  await page.goto("/admin/messages");
  const row = page.getByRole("listitem").filter({ hasText: email });
  await expect(
    row.getByText(/^Possible spam: Sent \d+\.\d s after the form was shown\. Contains 2 links\.$/),
  ).toBeVisible();
  await row.getByRole("link").click();
  // The message's own page, not the list behind it, which shows other marked messages too.
  await expect(page).toHaveURL(/\/admin\/messages\/[\w-]+$/);
  // Until the message's page is in, the list behind it (with other marked messages) is still shown.
  await expect(page.getByText(/^Possible spam: Sent \d+\.\d s/)).toHaveCount(1);
});

test("staff move a marked message to Spam and back, and the audit log names who did both", async ({
  page,
  context,
  baseURL,
}) => {
  // A message marked as the form marks a quick one (the test above sends one through the form:
  // here the mark must not hang on how fast a loaded machine fills it).
  const email = `move-${Date.now()}@example.com`;
  const id = seedMessage({
    name: "Ada Quick",
    email,
    topic: "product",
    message: "Sent at once, a person after all.",
    signals: [{ code: "too-fast", detail: "Sent 0.9 s after the form was shown." }],
  });
  const [sent] = rows("select id from contact_messages where email = ?", email);
  expect(sent?.id).toBe(id);

  await signInAsStaff(context, baseURL ?? "");
  await page.goto("/admin/messages?mark=possible-spam");
  await page.getByRole("listitem").filter({ hasText: email }).getByRole("link").click();
  await page.getByRole("button", { name: "Move to Spam" }).click();
  await expect(page).toHaveURL(/\/admin\/spam$/);
  // The page's own confirmation (with JavaScript, a toast outside the main area says it too).
  const confirmation = page.getByRole("main").getByRole("status").filter({ hasText: "Moved to Spam" });
  await expect(confirmation).toBeVisible();
  const item = page.getByRole("listitem").filter({ hasText: email });
  await expect(item.getByText("Moved to Spam by test.owner.")).toBeVisible();
  // A one-time notice: reloading the Spam view does not say it again.
  await page.reload();
  await expect(item.getByText("Moved to Spam by test.owner.")).toBeVisible();
  await expect(confirmation).toHaveCount(0);
  expect(rows("select id from contact_messages where email = ?", email)).toEqual([]);

  await item.getByRole("button", { name: /^Not spam/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "Moved out of spam" })).toBeFocused();
  const [back] = rows("select id, spam_signals from contact_messages where email = ?", email);
  expect(back).toMatchObject({ spam_signals: null });
  await page.goto("/admin/messages");
  await expect(page.getByRole("listitem").filter({ hasText: email })).toBeVisible();
  const moved = rows(
    "select target_id from audit_log where action = 'move-to-spam' and username = 'test.owner' and target_type = 'contact_message'",
  ).map((r) => r.target_id);
  expect(rows("select id from spam where payload like ?", `%${email}%`)).toEqual([]);
  expect(moved).toContain(sent?.id);
  expect(
    rows("select count(*) as n from audit_log where action = 'release-from-spam' and username = 'test.owner'")[0]?.n,
  ).toBeGreaterThan(0);
});

test("the admin lists filtered to possible spam, each with a marked item, pass an axe scan, and the tabs name their counts", async ({
  page,
  context,
  baseURL,
  request,
}) => {
  const stamp = Date.now();
  const order = await request.post("/api/orders", {
    data: { ...completeOrderForm, email: `axe-order-${stamp}@example.com`, formStartTime: Date.now() - 200 },
  });
  expect(order.status()).toBe(201);
  await page.goto("/contact");
  await autofillContact(page, `axe-${stamp}@example.com`, "Sent at once to check the marked list.");
  await expect(page.getByRole("heading", { name: "Message Sent Successfully!" })).toBeVisible();
  await page.goto("/testimonials");
  const form = page.locator("#share form").last();
  await autofill(form, {
    name: `Axe ${stamp}`,
    email: `axe-review-${stamp}@example.com`,
    quote: "A quick review for the marked list.",
  });
  await form.getByRole("button", { name: "Submit Review" }).click();
  await expect(form.getByRole("status").filter({ hasText: "Testimonial Submitted" })).toBeVisible();

  await signInAsStaff(context, baseURL ?? "");
  for (const list of ["/admin/messages", "/admin/orders", "/admin/testimonials"]) {
    await page.goto(`${list}?mark=possible-spam`);
    await expect(page.getByText(/^Possible spam: /).first()).toBeVisible();
    await expectNoAxeViolations(page, `${list} filtered to possible spam`);
  }
  // Chromium reads the visually hidden comma as its own piece: "Messages , 3 new".
  await expect(page.getByRole("link", { name: /^Messages ?, \d+ new$/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Orders ?, \d+ new$/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Reviews ?, \d+ awaiting moderation$/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Spam ?, (\d+ held ?, )?\d+ possible spam$/ })).toBeVisible();
});

test("a review filled and sent within a second, as autofill does, waits for moderation, where staff see it", async ({
  page,
  context,
  baseURL,
}) => {
  const email = `quick-review-${Date.now()}@example.com`;
  const quote = `Quick ${Date.now()}: the cushion works from the first day.`;
  await page.goto("/testimonials");
  const form = page.locator("#share form").last();
  await autofill(form, { name: "Bo Quick", email, quote });
  await form.getByRole("button", { name: "Submit Review" }).click();
  await expect(form.getByRole("status").filter({ hasText: "Testimonial Submitted" })).toBeVisible();
  expect(rows("select approved from testimonials where email = ?", email)).toEqual([{ approved: 0 }]);

  await signInAsStaff(context, baseURL ?? "");
  await page.goto(`/admin/testimonials?q=${encodeURIComponent(quote.slice(0, 14))}`);
  await expect(page.getByText(quote)).toBeVisible();
});

test("a filled honeypot is thanked like anyone, held as spam, and 'Not spam' sends it on to the inbox", async ({
  page,
  context,
  baseURL,
}) => {
  const email = `honeypot-${Date.now()}@example.com`;
  await page.goto("/contact");
  await fillHoneypot(page.locator("#contact-form form"));
  await autofillContact(page, email, "A real question that tripped the hidden field somehow.");
  await expect(page.getByRole("heading", { name: "Message Sent Successfully!" })).toBeVisible();
  expect(rows("select id from contact_messages where email = ?", email)).toEqual([]);
  const [held] = rows("select id, kind, reasons from spam where payload like ?", `%${email}%`);
  expect(held).toMatchObject({ kind: "message" });
  expect(JSON.parse(String(held?.reasons))[0]).toMatchObject({ code: "honeypot" });

  await signInAsStaff(context, baseURL ?? "");
  await page.goto("/admin/spam");
  const item = page.getByRole("listitem").filter({ hasText: email });
  await expect(item.getByRole("heading").getByText("Message", { exact: true })).toBeVisible();
  await expect(item.getByText(/hidden field .* was filled in/)).toBeVisible();
  await expectNoAxeViolations(page, "spam view");
  await item.getByRole("button", { name: /^Not spam/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "Moved out of spam" })).toBeFocused();
  await expect(page.getByRole("listitem").filter({ hasText: email })).toHaveCount(0);

  const [message] = rows("select id, status from contact_messages where email = ?", email);
  expect(message).toMatchObject({ status: "new" });
  expect(rows("select kind from outbox where ref_id = ?", message?.id)).toEqual([{ kind: "message" }]);
  await page.goto("/admin/messages");
  await expect(page.getByText(email).first()).toBeVisible();
});

test("a review held as spam is released into moderation, or deleted for good", async ({ page, context, baseURL }) => {
  const stamp = Date.now();
  for (const name of [`Keep ${stamp}`, `Drop ${stamp}`]) {
    await page.goto("/testimonials");
    const form = page.locator("#share form").last();
    await fillHoneypot(form);
    await form.getByLabel("Name").fill(name);
    await form.getByLabel("Email").fill(`spam-review-${stamp}@example.com`);
    await form.getByRole("textbox", { name: /Your review/ }).fill(`${name}: written by a person after all.`);
    await form.getByRole("button", { name: "Submit Review" }).click();
    await expect(form.getByRole("status").filter({ hasText: "Testimonial Submitted" })).toBeVisible();
  }
  expect(rows("select id from testimonials where email = ?", `spam-review-${stamp}@example.com`)).toEqual([]);

  await signInAsStaff(context, baseURL ?? "", "owner", { fresh: true });
  await page.goto("/admin/spam");
  await expect(page.getByRole("link", { name: /^Spam ?, \d+ held/ })).toBeVisible();
  await page
    .getByRole("listitem")
    .filter({ hasText: `Keep ${stamp}` })
    .getByRole("button", { name: /Not spam/ })
    .click();
  await expect(page.getByRole("status").filter({ hasText: "waits in Reviews for moderation" })).toBeVisible();
  const drop = page.getByRole("listitem").filter({ hasText: `Drop ${stamp}` });
  await drop.locator("summary").click();
  await drop.getByRole("button", { name: "Yes, delete it" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Deleted for good." })).toBeVisible();

  expect(rows("select name, approved from testimonials where email = ?", `spam-review-${stamp}@example.com`)).toEqual([
    { name: `Keep ${stamp}`, approved: 0 },
  ]);
  expect(rows("select id from spam where payload like ?", `%spam-review-${stamp}%`)).toEqual([]);
});

test("an order request held as spam is released into Orders, and the notice says so", async ({
  page,
  context,
  baseURL,
  request,
}) => {
  const email = `spam-order-${Date.now()}@example.com`;
  const answer = await request.post("/api/orders", {
    data: { ...completeOrderForm, email, honeypot: "http://bot.example", formStartTime: Date.now() - 10_000 },
  });
  expect(answer.status()).toBe(201);
  expect(rows("select id from order_requests where email = ?", email)).toEqual([]);

  await signInAsStaff(context, baseURL ?? "");
  await page.goto("/admin/spam");
  // Both buttons name the person, as they do for a message or a review.
  const held = page.getByRole("listitem").filter({ hasText: email });
  const person = `${completeOrderForm.firstName} ${completeOrderForm.lastName}`;
  await expect(held.getByRole("button", { name: new RegExp(`^Not spam\\W+${person}$`) })).toBeVisible();
  await expect(held.locator("summary", { hasText: /^Delete/ })).toHaveAccessibleName(
    new RegExp(`^Delete the submission from ${person}\\W*$`),
  );
  await held.getByRole("button", { name: /^Not spam/ }).click();
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: "Moved out of spam. It is now in Orders, and its delivery to staff is queued." }),
  ).toBeFocused();
  expect(rows("select email from order_requests where email = ?", email)).toEqual([{ email }]);
  await page.goto("/admin/orders");
  await expect(page.getByText(email).first()).toBeVisible();
});
