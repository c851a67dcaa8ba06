import { fillContactForm } from "../contact-form";
import { expect, test } from "../fixtures";
import { e2eRows, signInAsAdmin } from "../seed";

/**
 * Without JavaScript, people who correct a mistake and send again at once, who name a web page,
 * or who send several messages from one connection reach the staff inbox: such signals only mark a
 * message (decisions.md, third round).
 */

// The refused first post answers 400; the browser logs that status.
test.use({ allowedConsoleErrors: [/status of 400/] });

test("a message with one web address, corrected after a missing consent and sent again at once, reaches the inbox", async ({ page, context, baseURL }) => {
  const email = `nojs-fix-${Date.now()}@example.com`;
  await page.goto("/contact");
  await fillContactForm(page, { name: "Cora Fixit", email, topic: "product", message: "Is my chair https://www.example.com/x a fit for the cushion?", consent: false });
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("You must agree to the privacy policy").first()).toBeVisible();
  // The error page was just shown: ticking and sending takes well under the fill-time signal.
  await page.getByLabel(/I agree/).check();
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("heading", { name: "Message Sent Successfully!" })).toBeVisible();

  expect(e2eRows("select status from contact_messages where email = ?", email)).toEqual([{ status: "new" }]);
  expect(e2eRows("select id from spam where payload like ?", `%${email}%`)).toEqual([]);
  await signInAsAdmin(context, baseURL ?? "");
  await page.goto("/admin/messages");
  const row = page.getByRole("listitem").filter({ hasText: email });
  await expect(row).toBeVisible();
  // The one address is one link: only the fast resend is a reason.
  await expect(row.getByText(/^Possible spam: Sent \d+\.\d s after the form was shown\.$/)).toBeVisible();
});

test("three messages from one connection within ten minutes all reach the inbox", async ({ page, context, baseURL }) => {
  const email = `nojs-clinic-${Date.now()}@example.com`;
  for (const patient of ["room 4", "room 7", "room 9"]) {
    await page.goto("/contact");
    await fillContactForm(page, { name: "Dana Clinic", email, topic: "order", message: `A cushion for the resident in ${patient}; details at https://www.example.com/${patient.replace(" ", "-")}` });
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("heading", { name: "Message Sent Successfully!" })).toBeVisible();
  }
  expect(e2eRows("select count(*) as n from contact_messages where email = ?", email)).toEqual([{ n: 3 }]);
  expect(e2eRows("select count(*) as n from outbox o join contact_messages m on m.id = o.ref_id where m.email = ?", email)).toEqual([{ n: 3 }]);
  await signInAsAdmin(context, baseURL ?? "");
  await page.goto("/admin/messages");
  await expect(page.getByRole("listitem").filter({ hasText: email })).toHaveCount(3);
});
