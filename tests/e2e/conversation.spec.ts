import { expect, expectNoAxeViolations, test } from "./fixtures";
import { mailTo, type MailSite, startMailSite } from "./mail-site";
import { signInAsStaff } from "./seed";
import { mailHeader } from "../support/mail";
import { seedMessage } from "../support/seed";

/**
 * A conversation from first message to handled, in a real browser: a reply sent from the admin
 * through a real SMTP server, the visitor's answer put into a real IMAP mailbox (Dovecot) that the
 * site reads every second, a held answer confirmed, an internal note, and two staff on one lead
 * in two browsers.
 */
let site: MailSite;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  site = await startMailSite({ mailbox: true });
});

test.afterAll(async () => {
  await site?.close();
});

/** An answer as a mail client sends one, to the address the reply gave. */
function answer(from: string, to: string, text: string, inReplyTo = ""): string {
  return [
    `From: ${from}`,
    `To: ${to}`,
    "Subject: Re: Your cushion",
    `Message-ID: <${Math.random().toString(36).slice(2)}@mail.example.org>`,
    ...(inReplyTo ? [`In-Reply-To: ${inReplyTo}`] : []),
    "Content-Type: text/plain; charset=utf-8",
    "",
    text,
    "",
  ].join("\r\n");
}

const header = mailHeader;

test("a visitor's emailed answer comes back into the conversation, waits on us, and a held one is removed", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await signInAsStaff(context, site.origin, "owner", { db: site.database });
  const email = `kai.${Date.now()}@example.org`;
  const id = await seedMessage(site.database, { name: "Kai Answer", email, topic: "support" });
  await page.goto(`${site.origin}/admin/messages/${id}`);
  await expect(page.getByText(/^New\. First reply due/)).toBeVisible();
  await page.getByLabel(/^Reply/).fill("Hello Kai,\n\nWhich size is your cushion?");
  await page.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Reply queued." })).toBeVisible();
  await expect(page.getByText("Waiting on them", { exact: true })).toBeVisible();
  const sent = await mailTo(site, email);
  const replyTo = header(sent.raw, "Reply-To");

  await site.mailbox!.deliver(
    answer(`Kai <${email}>`, replyTo, "It is the 18 by 16.\n\nKai", header(sent.raw, "Message-ID")),
  );
  await site.mailbox!.deliver(answer("someone.else@example.net", replyTo, "Is this the right address?"));
  const thread = page.getByRole("region", { name: "Conversation" });
  await expect(async () => {
    await page.reload();
    await expect(thread.getByRole("heading", { name: `Answer from ${email}` })).toBeVisible({ timeout: 1_000 });
    await expect(thread.getByRole("heading", { name: "Answer from someone.else@example.net" })).toBeVisible({
      timeout: 1_000,
    });
  }).toPass({ timeout: 20_000 });
  await expect(thread).toContainText("It is the 18 by 16.");
  await expect(page.getByText(/^Waiting on us\. Answer due/)).toBeVisible();
  await expect(thread).toContainText("Held for you to confirm.");

  for (const theme of ["light", "dark"] as const) {
    await context.addCookies([{ name: "theme", value: theme, url: site.origin }]);
    await page.reload();
    await expectNoAxeViolations(page, `conversation with an answer and a held one, ${theme}`);
  }

  // The held one is not this lead's: removed, by keyboard.
  await thread.getByRole("button", { name: "Not this lead: remove it" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Removed from this lead." })).toBeVisible();
  await expect(thread.getByRole("heading", { name: "Answer from someone.else@example.net" })).toHaveCount(0);

  // An internal note, never emailed.
  await page.getByLabel(/^Internal note/).fill("Kai prefers a call after 3 p.m.");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Note added." })).toBeVisible();
  await expect(thread.getByRole("heading", { name: "Internal note", exact: true })).toBeVisible();
  expect(site.received.filter((mail) => mail.raw.includes("after 3 p.m."))).toEqual([]);

  // Answered by a call: waiting on them again; then handled.
  await page.getByLabel("How the call went").selectOption("spoke");
  await page.getByRole("button", { name: "Record call" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Call recorded." })).toBeVisible();
  await expect(page.getByText("Waiting on them", { exact: true })).toBeVisible();
  await expect(thread).toContainText(/Answered by test\.owner after \d+ (min|h)/);
  await page.getByRole("button", { name: "Mark handled" }).click();
  await expect(page.getByText("Handled", { exact: true })).toBeVisible();

  // The person's page: everything under their address, the conversation in counts.
  await page.getByRole("link", { name: "Everything stored for this person" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Everything stored for ${email}` })).toBeVisible();
  const messages = page.getByRole("region", { name: "Messages: 1" });
  await expect(messages).toContainText("2 replies and calls, 1 answer from them, 1 note");
  await expect(page.getByRole("region", { name: "Data requests" })).toContainText("None recorded");
  await expectNoAxeViolations(page, "a person's page");
  await messages.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/admin/messages/${id}$`));
});

test("two staff on one lead in two browsers: the second is shown what the first sent, and nothing goes twice", async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(60_000);
  await signInAsStaff(context, site.origin, "owner", { db: site.database });
  const other = await browser.newContext();
  try {
    await signInAsStaff(other, site.origin, "leads", { db: site.database });
    const second = await other.newPage();
    const email = `lou.${Date.now()}@example.org`;
    const id = await seedMessage(site.database, { name: "Lou Twice", email, topic: "support" });
    await page.goto(`${site.origin}/admin/messages/${id}`);
    await second.goto(`${site.origin}/admin/messages/${id}`);

    await page.getByLabel(/^Reply/).fill("Hello Lou,\n\nWe will call you today.");
    await page.getByRole("button", { name: "Send reply" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Reply queued." })).toBeVisible();

    // The second person, on the page they opened before, sends their own reply.
    await second.getByLabel(/^Reply/).fill("Hello Lou,\n\nA new pump is on its way.");
    await second.getByRole("button", { name: "Send reply" }).click();
    const refusal = second.getByRole("status").filter({ hasText: "Not sent: since you opened this page" });
    await expect(refusal).toBeVisible();
    await expect(refusal).toContainText(`test.owner emailed ${email}`);
    await expect(second.getByLabel(/^Reply/)).toHaveValue(/A new pump is on its way\./);
    await expectNoAxeViolations(second, "a reply refused because someone else answered meanwhile");
    await mailTo(site, email);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(site.received.filter((mail) => mail.to.includes(email))).toHaveLength(1);

    // Asked again, and sent on purpose: now there are two.
    await second.getByRole("button", { name: "Send reply" }).click();
    await expect(second.getByRole("status").filter({ hasText: "Reply queued." })).toBeVisible();
    await expect(async () => {
      expect(site.received.filter((mail) => mail.to.includes(email))).toHaveLength(2);
    }).toPass({ timeout: 15_000 });
  } finally {
    await other.close();
  }
});

test.describe("saved replies", () => {
  // A refused form is a 400 answer, which the browser logs.
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test("added under Templates after a mistake, chosen from a list when answering", async ({ page, context }) => {
    await signInAsStaff(context, site.origin, "owner", { db: site.database });
    await page.goto(`${site.origin}/admin/templates`);
    const support = page.getByRole("region", { name: "Technical Support" });
    await support.locator("summary", { hasText: "Add a saved reply" }).click();
    for (const theme of ["light", "dark"] as const) {
      await context.addCookies([{ name: "theme", value: theme, url: site.origin }]);
      await page.reload();
      await support.locator("summary", { hasText: "Add a saved reply" }).click();
      await expectNoAxeViolations(page, `templates with a saved reply's form open, ${theme}`);
    }
    // A name of spaces passes the browser's check, not the server's: the form comes back open, as typed.
    await support.getByLabel(/^Name/).last().fill("   ");
    await support
      .getByLabel(/^Subject/)
      .last()
      .fill("Charging the pump");
    await support.getByLabel(/^Text/).last().fill("Hello {name},\n\nCharge it overnight.");
    await support.getByRole("button", { name: "Add the saved reply" }).click();
    await expect(page.getByRole("alert")).toContainText("Give the reply a name");
    await expectNoAxeViolations(page, "a saved reply refused");
    await support.getByLabel(/^Name/).last().fill("Charging");
    await expect(support.getByLabel(/^Subject/).last()).toHaveValue("Charging the pump");
    await support.getByRole("button", { name: "Add the saved reply" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved reply added: Charging." })).toBeVisible();

    const id = await seedMessage(site.database, {
      name: "Sol Saved",
      email: `sol.${Date.now()}@example.org`,
      topic: "support",
    });
    await page.goto(`${site.origin}/admin/messages/${id}`);
    await page.getByLabel("Start from").selectOption({ label: "Charging" });
    await page.getByRole("button", { name: "Use this reply" }).click();
    await expect(page.getByLabel(/^Reply/)).toHaveValue("Hello Sol Saved,\n\nCharge it overnight.");
    await expect(page.getByLabel(/^Subject/)).toHaveValue("Charging the pump");
  });
});
