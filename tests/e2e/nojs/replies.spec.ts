import { expect, test } from "../fixtures";
import { mailTo, type MailSite, startMailSite } from "../mail-site";
import { signInAsStaff } from "../seed";
import { seedMessage } from "../../support/seed";

let site: MailSite;

test.describe.configure({ mode: "serial" });
// A refused reply is a 400 answer, which the browser logs.
test.use({ allowedConsoleErrors: [/status of 400/] });

test.beforeAll(async () => {
  site = await startMailSite();
});

test.afterAll(async () => {
  await site?.close();
});

test("without JavaScript staff reply to a message, fix a mistake and send it, and reloading sends nothing twice", async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  await signInAsStaff(context, site.origin, "owner", { db: site.database });
  const email = `quinn.${Date.now()}@example.org`;
  const id = await seedMessage(site.database, { name: "Quinn NoScript", email, topic: "support" });
  await page.goto(`${site.origin}/admin/messages/${id}`);

  // A reply of spaces only passes the browser's own check but not the server's: the form comes back with the message and the subject as typed.
  await page.getByLabel(/^Subject/).fill("About your cushion pump");
  await page.getByLabel(/^Reply/).fill("   ");
  await page.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByRole("alert")).toContainText("Write the reply");
  await expect(page.getByLabel(/^Reply/)).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel(/^Subject/)).toHaveValue("About your cushion pump");
  expect(site.received.filter((mail) => mail.to.includes(email))).toEqual([]);

  await page.getByLabel(/^Reply/).fill("Hello Quinn,\n\nThe pump's fuse is user-replaceable; a spare is in the box.");
  await page.getByRole("button", { name: "Send reply" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/messages/${id}#thread$`));
  await expect(page.getByRole("status").filter({ hasText: "Reply queued." })).toBeVisible();
  const thread = page.getByRole("region", { name: "Conversation" });
  await expect(thread.getByRole("heading", { name: `Email to ${email}` })).toBeVisible();
  const mail = await mailTo(site, email);
  expect(mail.raw).toContain("spare is in the box");

  // The answer was a redirect: reloading the page reads it again and sends nothing.
  await page.reload();
  await expect(thread.getByRole("heading", { name: `Email to ${email}` })).toHaveCount(1);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expect(site.received.filter((m) => m.to.includes(email))).toHaveLength(1);
});

test("without JavaScript staff add a saved reply under Templates, then start a reply from it", async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  await signInAsStaff(context, site.origin, "owner", { db: site.database });
  await page.goto(`${site.origin}/admin/templates`);
  const repair = page.getByRole("region", { name: "Request a Repair" });
  await repair.locator("summary", { hasText: "Add a saved reply" }).click();
  await repair.getByLabel(/^Name/).last().fill("Send the pump back");
  await repair
    .getByLabel(/^Subject/)
    .last()
    .fill("Your pump, {name}");
  await repair.getByLabel(/^Text/).last().fill("Hello {name},\n\nPlease send the pump back in its box.");
  await repair.getByRole("button", { name: "Add the saved reply" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved reply added: Send the pump back." })).toBeVisible();

  const id = await seedMessage(site.database, {
    name: "Rae Saved",
    email: `rae.${Date.now()}@example.org`,
    topic: "repair",
  });
  await page.goto(`${site.origin}/admin/messages/${id}`);
  await page.getByLabel("Start from").selectOption({ label: "Send the pump back" });
  await page.getByRole("button", { name: "Use this reply" }).click();
  await expect(page.getByLabel(/^Subject/)).toHaveValue("Your pump, Rae Saved");
  await expect(page.getByLabel(/^Reply/)).toHaveValue("Hello Rae Saved,\n\nPlease send the pump back in its box.");
});
