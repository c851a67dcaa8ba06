import { expect, test } from "../fixtures";

// axe cannot run in a page without JavaScript; order.spec.ts scans these same states with the
// site's scripts blocked.
import { orderMessages } from "../../support/spec-messages";
import { fillOrderFormPage } from "../order-form";
import { e2eDatabase } from "../seed";

// The form post answers 400 while it has errors; the browser logs that status.
test.use({ allowedConsoleErrors: [/status of 400/] });

const sectionFive = Object.values(orderMessages);

test("without JavaScript: one page, every section-5 message for an empty request, in a summary that takes focus", async ({
  page,
}) => {
  // A phone: the list of every problem is taller than the screen, and its heading must still be on it.
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto("/order");
  // All six parts are on the one page, and no step buttons.
  await expect(page.locator("#order-request form > fieldset")).toHaveCount(6);
  await expect(page.getByRole("button", { name: "Continue" })).toHaveCount(0);
  await page.getByRole("button", { name: "Send Order Request" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "problems with the form" });
  await expect(summary.getByRole("heading")).toBeFocused();
  await expect(summary).toContainText(`There are ${sectionFive.length} problems with the form`);
  const heading = summary.getByRole("heading");
  await expect(heading).toBeInViewport();
  await expect
    .poll(async () => {
      const headerBottom = await page.getByRole("banner").evaluate((el) => el.getBoundingClientRect().bottom);
      return (await heading.boundingBox())!.y >= headerBottom;
    }, "the heading is below the sticky header, not behind it")
    .toBe(true);
  for (const message of sectionFive) await expect(summary).toContainText(message);
  await expect(page.getByLabel(/^Seat width/)).toHaveAccessibleDescription(/Seat width is required/);
});

test("without JavaScript: a mistake keeps every answer, then the request is stored and answered with a reference", async ({
  page,
}) => {
  const email = `order-nojs-${Date.now()}@example.com`;
  await page.goto("/order");
  await fillOrderFormPage(page, { email, seatWidth: "45", disclaimer: false });
  await page.getByRole("button", { name: "Send Order Request" }).click();

  const summary = page.getByRole("alert").filter({ hasText: /problems? with the form/ });
  await expect(summary.getByRole("heading")).toBeFocused();
  await expect(summary).toContainText("Enter a seat width between 10 and 30 inches");
  await expect(summary).toContainText("You must acknowledge the medical disclaimer");
  // Everything typed or chosen is still there.
  await expect(page.getByLabel("I am filling it in for someone else")).toBeChecked();
  await expect(page.getByLabel(/^Your name/)).toHaveValue("Carla Carer");
  await expect(page.getByLabel("Clinician or therapist", { exact: true })).toBeChecked();
  await expect(page.getByLabel(/^Email/)).toHaveValue(email);
  await expect(page.getByLabel(/^Seat width/)).toHaveValue("45");
  await expect(page.getByLabel("Tailbone")).toBeChecked();
  await expect(page.getByLabel("Lower back")).toBeChecked();
  await expect(page.getByLabel("Quiet operation")).toBeChecked();
  await expect(page.getByLabel("Portable, not fixed to the chair")).toBeChecked();
  await expect(page.getByLabel(/^Anything else/)).toHaveValue("Seat is tapered at the front.");
  await expect(page.getByLabel(/^I agree that Aquila/)).toBeChecked();

  await page.getByLabel(/^Seat width/).fill("19");
  await page.getByLabel(/^I understand that this request/).check();
  await page.getByRole("button", { name: "Send Order Request" }).click();
  await expect(page.getByRole("heading", { name: "Order Request Received" })).toBeFocused();
  await expect(page).toHaveURL(/\/order\?sent=1$/);
  const reference = await page.locator("#order-form strong.font-mono").textContent();

  const db = e2eDatabase();
  const rows = db.prepare("select * from order_requests where email = ?").all(email) as Array<Record<string, unknown>>;
  db.close();
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    reference,
    submitted_by_name: "Carla Carer",
    submitted_by_relationship: "clinician",
    seat_width_in: 19,
    discomfort_areas: JSON.stringify(["tailbone", "lower-back"]),
    priorities: JSON.stringify(["pressure-relief", "quiet"]),
    medical_notes: "Seat is tapered at the front.",
  });

  // Reloading the success page does not send it again; the fresh form is back.
  await page.reload();
  await expect(page.getByRole("button", { name: "Send Order Request" })).toBeVisible();
});
