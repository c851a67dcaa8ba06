import { readFileSync } from "node:fs";
import { completeOrderForm } from "../support/orders";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { e2eRows, signInAsStaff } from "./seed";

/**
 * A person asks what we keep about them, then asks us to delete it. They sent a review, a message
 * and an order request through the public calls, the way any client does; staff find all three by
 * their address, hand over the file, and delete it all in one confirmed step, by keyboard.
 */
function count(table: string, email: string): number {
  return Number(e2eRows(`select count(*) as n from ${table} where lower(email) = ?`, email.toLowerCase())[0]?.n);
}

function auditLines(action: string) {
  return e2eRows("select username, detail, target_id from audit_log where action = ? order by at", action);
}

test("staff find everything sent from one address, export it, and delete it all with one confirmation", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const stamp = Date.now();
  const email = `Data.Request-${stamp}@example.com`;
  const message = `My heel sore is healing; a question about covers ${stamp}.`;
  // The payloads, exactly as docs/requirements.md §5 defines them.
  expect(
    (
      await request.post("/api/testimonials", {
        data: {
          name: "Dana Request",
          email,
          rating: 8,
          quote: `Good on long drives ${stamp}`,
          context: "",
          tags: ["travel"],
          honeypot: "",
        },
      })
    ).status(),
  ).toBe(201);
  expect(
    (
      await request.post("/api/contact", {
        data: { name: "Dana Request", email, phone: "", topic: "privacy", message, consent: true, honeypot: "" },
      })
    ).status(),
  ).toBe(201);
  expect(
    (
      await request.post("/api/orders", {
        data: {
          ...completeOrderForm,
          firstName: "Dana",
          lastName: "Request",
          email,
          honeypot: "",
          formStartTime: stamp - 60_000,
        },
      })
    ).status(),
  ).toBe(201);
  // Someone else's message, which must survive.
  const other = `other-${stamp}@example.com`;
  expect(
    (
      await request.post("/api/contact", {
        data: {
          name: "Other Person",
          email: other,
          topic: "general",
          message: "Please call me back about an order.",
          consent: true,
          honeypot: "",
        },
      })
    ).status(),
  ).toBe(201);

  await signInAsStaff(context, baseURL ?? "", "owner", { fresh: true });
  await page.goto("/admin/testimonials");
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Data requests" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Data requests" })).toBeVisible();

  // A mistake first: the field says what is wrong.
  const field = page.getByRole("textbox", { name: /Email address/ });
  await field.fill("not an address");
  await field.press("Enter");
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");

  await field.fill(`  ${email.toUpperCase()} `);
  await field.press("Enter");
  const found = page.getByRole("heading", { level: 2, name: `Stored for ${email.toLowerCase()}: 3 records` });
  await expect(found).toBeVisible();
  await expect(page.getByRole("link", { name: "Review, 8 out of 10, pending" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Message about Privacy and My Data, new" })).toHaveAttribute(
    "href",
    /^\/admin\/messages\//,
  );
  await expect(page.getByRole("link", { name: /^Order request AQ-/ })).toBeVisible();
  // The list names each record; what the person wrote is only in the file and the records themselves.
  await expect(page.getByText(message)).toHaveCount(0);
  await expectNoAxeViolations(page, "data request found");

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download everything (JSON)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^aquila-personal-data-\d{4}-\d{2}-\d{2}\.json$/);
  const file = JSON.parse(readFileSync((await download.path()) ?? "", "utf8")) as Record<
    string,
    Array<Record<string, unknown>>
  >;
  expect(file.messages?.[0]).toMatchObject({ email, message, topic: "privacy" });
  expect(file.reviews?.[0]).toMatchObject({ email, rating: 8 });
  expect(file.orders?.[0]).toMatchObject({
    email,
    first_name: "Dana",
    discomfort_areas: completeOrderForm.discomfortAreas,
  });
  expect(auditLines("export-personal-data").at(-1)).toMatchObject({
    username: "test.owner",
    detail: "reviews: 1, messages: 1, order requests: 1, spam: 0; deliveries: 3",
  });
  expect(auditLines("export-personal-data").at(-1)?.target_id).toMatch(/^[0-9a-f]{32}$/);

  // Delete: one confirmation, by keyboard.
  await page.locator("summary", { hasText: "Delete" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText(/Delete all 3 records stored for/)).toBeVisible();
  await expectNoAxeViolations(page, "data request delete confirmation");
  await page.getByRole("button", { name: "Yes, delete it" }).press("Enter");
  const status = page.getByRole("status");
  await expect(status).toContainText("Deleted for good: 1 review, 1 message, 1 order request, and 3 delivery records.");
  await expect(status).toBeFocused();
  await expect(
    page.getByRole("heading", { level: 2, name: `Stored for ${email.toLowerCase()}: 0 records` }),
  ).toBeVisible();

  // Read back through the database: gone, and the other person's message kept.
  for (const table of ["testimonials", "contact_messages", "order_requests"])
    expect(count(table, email), table).toBe(0);
  expect(count("contact_messages", other)).toBe(1);
  const erased = auditLines("erase-personal-data").at(-1);
  expect(erased).toMatchObject({
    username: "test.owner",
    detail: "reviews: 1, messages: 1, order requests: 1, spam: 0; deliveries: 3",
  });
  expect(JSON.stringify(erased)).not.toContain(email.toLowerCase());
});
