import Database from "#db/sqlite-driver.mjs";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { mailTo, type MailSite, startMailSite } from "./mail-site";
import { signInAsStaff } from "./seed";
import { seedMessage, seedOrders } from "../support/seed";

let site: MailSite;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  site = await startMailSite();
});

test.afterAll(async () => {
  await site?.close();
});

/** What the person wrote about their health: it reaches no email unless staff type it. */
const health = "a pressure sore on my left hip";

function rows(sql: string, ...params: unknown[]) {
  const db = new Database(site.database, { readonly: true });
  try {
    return db.prepare(sql).all(...params) as Array<Record<string, unknown>>;
  } finally {
    db.close();
  }
}

test("staff answer a message by keyboard: the email reaches the person, the thread shows it delivered, and the lead leaves today's work", async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  await signInAsStaff(context, site.origin, "owner", { db: site.database });
  const email = `nia.${Date.now()}@example.org`;
  const id = await seedMessage(site.database, {
    name: "Nia Reply",
    email,
    topic: "repair",
    message: `The cover is torn and I have ${health}.`,
    receivedAt: new Date(Date.now() - 5 * 86_400_000),
  });

  await page.goto(`${site.origin}/admin/queue`);
  await expect(page.getByRole("region", { name: /^Overdue/ }).getByRole("link", { name: /Nia Reply/ })).toBeVisible();
  await page.goto(`${site.origin}/admin/messages/${id}`);
  const thread = page.getByRole("region", { name: "Conversation" });
  await expect(thread).toContainText("No reply yet.");
  const body = page.getByLabel(/^Reply/);
  await expect(body).toHaveValue(/^Hello Nia Reply,/);
  await expect(body).not.toHaveValue(/pressure/);

  // By keyboard: into the reply, a line of one's own, then Tab to "Send reply" and Enter.
  await body.focus();
  await page.keyboard.press("Control+End");
  await page.keyboard.type("\n\nA new cover is on its way to you.");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Send reply" })).toBeFocused();
  await page.keyboard.press("Enter");

  await expect(page.getByRole("status").filter({ hasText: "Reply queued." })).toBeVisible();
  await expect(thread.getByRole("heading", { name: `Email to ${email}` })).toBeVisible();
  const mail = await mailTo(site, email);
  expect(mail.from).toBe("hello@aquila.example");
  expect(mail.raw).toMatch(/^Reply-To: support\+[a-z2-7]{10}@aquila\.example$/m);
  expect(mail.raw).toContain("A new cover is on its way to you.");
  expect(mail.raw).not.toContain("pressure");
  // The delivery's state, read again from the page once the outbox has recorded it.
  await expect(async () => {
    await page.reload();
    await expect(thread.getByText("Delivered (email)")).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  // Read back through another path: the stored row has its first reply stamped.
  expect(rows("select first_reply_at is not null as stamped from contact_messages where id = ?", id)).toEqual([
    { stamped: 1 },
  ]);

  for (const theme of ["light", "dark"] as const) {
    await context.addCookies([{ name: "theme", value: theme, url: site.origin }]);
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
    await expectNoAxeViolations(page, `message with its thread, ${theme}`);
  }

  // Answered, it is no longer waiting.
  await page.goto(`${site.origin}/admin/queue`);
  await expect(page.getByRole("link", { name: /Nia Reply/ })).toHaveCount(0);
  // The inbox says so in words, with no due time left on it.
  await page.goto(`${site.origin}/admin/messages`);
  const item = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: /Nia Reply/ }) });
  await expect(item).toContainText(/Answered · \w{3}, \w{3} \d{1,2}, \d{1,2}:\d{2} (AM|PM) E[SD]T/);
  await expect(item).not.toContainText(/Overdue|Late|Due/);
});

test("a call recorded on an order request is its reply, and the template editor changes what the next reply starts from", async ({
  page,
  context,
}) => {
  await signInAsStaff(context, site.origin, "owner", { db: site.database });
  const [order] = await seedOrders(site.database, [
    { firstName: "Omar", lastName: "Calls", email: `omar.${Date.now()}@example.org`, medicalNotes: health },
  ]);
  await page.goto(`${site.origin}/admin/orders/${order!.id}`);
  // The reply starts from the order requests' template, naming its reference and nothing of its health details.
  await expect(page.getByLabel(/^Subject/)).toHaveValue(new RegExp(order!.reference));
  await expect(page.getByLabel(/^Reply/)).not.toHaveValue(/pressure/);
  await page.getByLabel("How the call went").selectOption("left-message");
  // With a link that has no place to break, as a booking link can be.
  const link = `https://booking.example/aquila?token=${"Zx9Qm2Lk7Vb4Np1Rt6Ws3Yh8Jd5Fg0".repeat(8)}`;
  await page.getByLabel(/^Note/).fill(`Left a voicemail at 10. ${link}`);
  await page.getByRole("button", { name: "Record call" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Call recorded." })).toBeVisible();
  const thread = page.getByRole("region", { name: "Conversation" });
  await expect(thread.getByRole("heading", { name: "Called, left a message" })).toBeVisible();
  await expect(thread).toContainText("Left a voicemail at 10.");
  // At 320 px the thread wraps the link rather than widening the page (WCAG 1.4.10).
  await page.setViewportSize({ width: 320, height: 800 });
  await expect(thread).toContainText(link);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`${site.origin}/admin/orders`);
  const row = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: new RegExp(order!.reference) }) });
  await expect(row).toContainText("Answered");
  await expect(row).not.toContainText(/Overdue|Due today|Due ·/);

  await page.goto(`${site.origin}/admin/templates`);
  for (const theme of ["light", "dark"] as const) {
    await context.addCookies([{ name: "theme", value: theme, url: site.origin }]);
    await page.reload();
    await expectNoAxeViolations(page, `template editor, ${theme}`);
  }
  const general = page.getByRole("region", { name: "General Inquiry" });
  // The topic's template is the first form of its section; saved replies follow it.
  await general
    .getByLabel(/^Subject/)
    .first()
    .fill("About your question to Aquila");
  await general.getByRole("button", { name: "Save the General Inquiry template" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Template saved: General Inquiry." })).toBeVisible();

  const next = await seedMessage(site.database, { name: "Pia Next", email: `pia.${Date.now()}@example.org` });
  await page.goto(`${site.origin}/admin/messages/${next}`);
  await expect(page.getByLabel(/^Subject/)).toHaveValue("About your question to Aquila");
});

test("today's work and the reply times pass axe in both themes, with a call and a reply recorded", async ({
  page,
  context,
}) => {
  await signInAsStaff(context, site.origin, "owner", { db: site.database });
  for (const theme of ["light", "dark"] as const) {
    await context.addCookies([{ name: "theme", value: theme, url: site.origin }]);
    await page.goto(`${site.origin}/admin/queue`);
    await expectNoAxeViolations(page, `today's work, ${theme}`);
    await page.goto(`${site.origin}/admin/replies`);
    await expect(page.getByRole("heading", { level: 1, name: "Reply times" })).toBeVisible();
    await expectNoAxeViolations(page, `reply times, ${theme}`);
  }
});
