import { expect, test } from "../fixtures";
import { testStaff } from "../../support/seed";
import { e2eRows, seedOrder, signInAsStaff } from "../seed";

test.use({ allowedConsoleErrors: [/status of 40[01]/] });

test("without JavaScript staff can sign in and out", async ({ page }) => {
  await page.goto("/admin/login?redirectTo=/admin/testimonials");
  await page.getByLabel("Username").fill("admin");
  await page.getByLabel("Password").fill("wrong password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Invalid username or password")).toBeVisible();
  await expect(page.getByLabel("Username")).toHaveValue("admin");
  await page.getByLabel("Password").fill("e2e-moderator-password-long");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin\/testimonials$/);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test("without JavaScript staff can find what is stored for an address and delete it, confirming first", async ({
  page,
  context,
  baseURL,
  request,
}) => {
  const email = `nojs-request-${Date.now()}@example.com`;
  expect(
    (
      await request.post("/api/contact", {
        data: {
          name: "No Script",
          email,
          topic: "privacy",
          message: "Please delete what you keep about me.",
          consent: true,
          honeypot: "",
        },
      })
    ).status(),
  ).toBe(201);
  await signInAsStaff(context, baseURL ?? "", "owner", { fresh: true });
  await page.goto("/admin/data-requests");
  await page.getByRole("textbox", { name: /Email address/ }).fill("nobody at example");
  await page.getByRole("button", { name: "Find" }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await page.getByRole("textbox", { name: /Email address/ }).fill(email);
  await page.getByRole("button", { name: "Find" }).click();
  await expect(page.getByRole("heading", { level: 2, name: `Stored for ${email}: 1 record` })).toBeVisible();
  await page.locator("summary", { hasText: "Delete" }).click();
  await page.getByRole("button", { name: "Yes, delete it" }).click();
  await expect(page.getByRole("status")).toContainText("Deleted for good: 1 message, and 1 delivery record.");
  expect(e2eRows("select count(*) as n from contact_messages where email = ?", email)).toEqual([{ n: 0 }]);
});

test("without JavaScript staff give an order request to a colleague and find it in today's work under their name", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  await signInAsStaff(context, baseURL ?? "");
  // The colleague's account exists once the tests' seeding has signed it in somewhere.
  const seeding = await browser.newContext();
  await signInAsStaff(seeding, baseURL ?? "", "leads");
  await seeding.close();
  const lastName = `Nojs${Date.now()}`;
  const { id } = seedOrder({ firstName: "Tove", lastName, email: `${lastName.toLowerCase()}@example.org` });
  await page.goto(`/admin/orders/${id}`);
  await page.getByLabel("Handled by").selectOption({ label: testStaff.leads.username });
  await page.getByRole("button", { name: "Assign", exact: true }).click();
  await expect(page.getByText(`${testStaff.leads.username} handles it now.`)).toBeVisible();
  await page.goto("/admin/queue?who=nobody");
  await expect(page.getByRole("link", { name: new RegExp(lastName) })).toHaveCount(0);
  // Only the colleague's leads: the list stays short however many the other tests have stored.
  await page.getByLabel("Handled by").selectOption({ label: testStaff.leads.username });
  await page.getByRole("button", { name: "Show" }).click();
  const row = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: new RegExp(lastName) }) });
  await expect(row).toContainText(`handled by ${testStaff.leads.username}`);
});
