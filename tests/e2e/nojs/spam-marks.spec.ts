import { fillContactForm } from "../contact-form";
import { expect, test } from "../fixtures";
import { e2eRows, signInAsStaff } from "../seed";

/**
 * Without JavaScript, people who send several messages from one connection reach the staff inbox:
 * such signals only mark a message (docs/requirements.md §4.3). A correction sent at once is in
 * exactly-once.spec.ts.
 */

test("three messages from one connection within ten minutes all reach the inbox", async ({
  page,
  context,
  baseURL,
}) => {
  const email = `nojs-clinic-${Date.now()}@example.com`;
  for (const patient of ["room 4", "room 7", "room 9"]) {
    await page.goto("/contact");
    await fillContactForm(page, {
      name: "Dana Clinic",
      email,
      topic: "order",
      message: `A cushion for the resident in ${patient}; details at https://www.example.com/${patient.replace(" ", "-")}`,
    });
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("heading", { name: "Message Sent Successfully!" })).toBeVisible();
  }
  expect(e2eRows("select count(*) as n from contact_messages where email = ?", email)).toEqual([{ n: 3 }]);
  expect(
    e2eRows("select count(*) as n from outbox o join contact_messages m on m.id = o.ref_id where m.email = ?", email),
  ).toEqual([{ n: 3 }]);
  await signInAsStaff(context, baseURL ?? "");
  await page.goto("/admin/messages");
  await expect(page.getByRole("listitem").filter({ hasText: email })).toHaveCount(3);
});
