import { expect, expectNoAxeViolations, test } from "./fixtures";
import { e2eDatabase, e2eRows, seedOrders, signInAsStaff } from "./seed";

/**
 * Staff find an order request, read what the requester told us (only here: no delivery carries
 * the fitting and health details), move it along, export it and delete it, all by keyboard.
 */
const rows = e2eRows;

function run(sql: string, ...params: unknown[]) {
  const db = e2eDatabase();
  db.prepare(sql).run(...params);
  db.close();
}

test("staff filter the orders, open one with its health details, mark it contacted, export and delete it", async ({
  page,
  context,
  baseURL,
}) => {
  await signInAsStaff(context, baseURL ?? "", "owner", { fresh: true });
  const stamp = Date.now();
  const [asked, other] = seedOrders([
    {
      firstName: "Gale",
      lastName: `Keyboard${stamp}`,
      email: `orders-${stamp}@example.com`,
      submittedBy: "other",
      submitterName: "Hal Carer",
      submitterRelationship: "caregiver",
      seatWidth: 18.5,
      discomfortAreas: ["tailbone", "hips"],
      sensitivityLevel: "high",
      priorities: ["pressure-relief", "quiet"],
      medicalNotes: "=Healed pressure sore on the left sitting bone.",
    },
    {
      firstName: "Ivy",
      lastName: `Second${stamp}`,
      email: `orders-second-${stamp}@example.com`,
      receivedAt: new Date(stamp - 60_000),
    },
  ]);
  if (!asked || !other) throw new Error("the orders were not seeded");

  await page.goto("/admin/orders");
  await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: /^Orders ?, \d+ new$/ }),
  ).toBeVisible();
  const askedLink = page.getByRole("link", { name: `${asked.reference} — Gale Keyboard${stamp}` });
  const otherLink = page.getByRole("link", { name: `${other.reference} — Ivy Second${stamp}` });
  await expect(askedLink).toBeVisible();
  await expect(otherLink).toBeVisible();

  // Filtered by a part of the name and the status, sent with Enter.
  const search = page.getByRole("searchbox", { name: "Reference, name or email" });
  await search.fill(`keyboard${stamp}`);
  await page.getByLabel("Status").selectOption("new");
  await search.press("Enter");
  await expect(page).toHaveURL(new RegExp(`[?&]q=keyboard${stamp}&status=new(&mark=)?$`));
  await expect(askedLink).toBeVisible();
  await expect(otherLink).toHaveCount(0);

  await askedLink.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${asked.id}$`));
  await expect(
    page.getByRole("heading", { level: 1, name: `Order request ${asked.reference} for Gale Keyboard${stamp}` }),
  ).toBeVisible();
  await expect(page.getByText("Hal Carer (Caregiver or family member)")).toBeVisible();
  await expect(page.getByText("18.5 in")).toBeVisible();
  const health = page.getByRole("region", { name: "Sitting and health" });
  await expect(health.getByText("=Healed pressure sore on the left sitting bone.")).toBeVisible();
  await expect(health.getByRole("listitem")).toHaveText(["Tailbone", "Hips"]);
  await expect(health.getByText("High", { exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "Cushion choices" }).getByRole("listitem")).toHaveText([
    "Pressure relief",
    "Quiet operation",
  ]);
  await expect(page.getByRole("region", { name: "Consent" }).getByText(/UTC$/)).toHaveCount(2);

  const contacted = page.getByRole("button", { name: "Mark contacted" });
  await contacted.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Marked as contacted." })).toBeFocused();
  await expect(page.getByRole("definition").filter({ hasText: /^Contacted, since / })).toBeVisible();
  await expect(page.getByRole("button", { name: "Mark closed" })).toBeVisible();
  expect(rows("select status from order_requests where id = ?", asked.id)).toEqual([{ status: "contacted" }]);
  expect(
    rows("select action, target_type, username from audit_log where target_id = ? and action != 'viewed'", asked.id),
  ).toEqual([{ action: "order-status:contacted", target_type: "order_request", username: "test.owner" }]);

  await page.getByRole("link", { name: "All orders" }).click();
  await page.getByRole("searchbox", { name: "Reference, name or email" }).fill(asked.reference);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${asked.reference}(&|$)`));
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^aquila-orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = Buffer.concat(await (await file.createReadStream()).toArray()).toString("utf8");
  const [header, line, ...rest] = text.split("\r\n");
  expect(
    header?.startsWith(
      '"Reference","Received","Status","Status changed","First name","Last name","Email","Phone","Filled in by","Relationship"',
    ),
  ).toBe(true);
  expect(rest).toEqual([""]);
  expect(line).toContain(`"${asked.reference}"`);
  expect(line).toContain('"contacted"');
  expect(line).toContain('"Hal Carer","Caregiver or family member"');
  expect(line).toContain('"Tailbone; Hips"');
  // A cell a spreadsheet would run as a formula is exported as text.
  expect(line).toContain(`"'=Healed pressure sore on the left sitting bone."`);
  const response = await page.request.get(`/admin/orders/export.csv?q=${asked.reference}`);
  expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  // The export says so itself, and the server's header for every staff page says it again.
  expect(response.headers()["cache-control"]).toMatch(/^no-store(, no-store)?$/);

  await page.getByRole("link", { name: `${asked.reference} — Gale Keyboard${stamp}` }).click();
  const remove = page.getByText("Delete…");
  await remove.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Delete this order request for good")).toBeVisible();
  expect(rows("select id from order_requests where id = ?", asked.id)).toHaveLength(1);
  await page.getByRole("button", { name: "Yes, delete it" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(page.getByRole("link", { name: new RegExp(asked.reference) })).toHaveCount(0);
  await expect(page.getByRole("link", { name: new RegExp(other.reference) })).toBeVisible();
  expect(rows("select id from order_requests where id = ?", asked.id)).toEqual([]);
  expect(rows("select kind from outbox where ref_id = ?", asked.id)).toEqual([]);
  expect(
    rows("select action from audit_log where target_id = ? and action != 'viewed' order by at", asked.id).map(
      (r) => r.action,
    ),
  ).toEqual(["order-status:contacted", "delete"]);
});

test("the orders pages need a session, the export too", async ({ request }) => {
  for (const path of [
    "/admin/orders",
    "/admin/orders/export.csv",
    "/admin/orders/00000000-0000-4000-8000-000000000000",
  ]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(302);
    expect(response.headers().location, path).toMatch(/^\/admin\/login\?redirectTo=/);
  }
});

for (const theme of ["dark", "light"] as const) {
  test(`axe finds nothing on the orders list and a request in the ${theme} theme`, async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: "theme", value: theme, url: baseURL }]);
    await signInAsStaff(context, baseURL ?? "", "owner", { fresh: true });
    const stamp = Date.now();
    const [order] = seedOrders([
      {
        firstName: "Jo",
        lastName: `Axe${theme}${stamp}`,
        email: `orders-axe-${theme}-${stamp}@example.com`,
        submittedBy: "other",
        submitterName: "Kim Clinician",
        submitterRelationship: "clinician",
        medicalNotes: "Sits most of the day.\nPrefers a firm cushion.",
      },
    ]);
    if (!order) throw new Error("the order was not seeded");
    // A delivery that failed, so the page shows its error and the retry button too.
    run("update outbox set status = 'failed', last_error = 'forward answered 502' where ref_id = ?", order.id);

    await page.goto(`/admin/orders?q=${encodeURIComponent(`axe${theme}${stamp}`)}`);
    await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
    await expect(page.getByRole("link", { name: `${order.reference} — Jo Axe${theme}${stamp}` })).toBeVisible();
    await expect(page.getByText("Delivery failed (inbox)").first()).toBeVisible();
    await expectNoAxeViolations(page, `orders list ${theme}`);

    await page.goto(`/admin/orders/${order.id}`);
    await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
    await expect(page.getByText("Last error: forward answered 502")).toBeVisible();
    await expect(page.getByRole("button", { name: "Retry delivery" })).toBeVisible();
    await page.getByText("Delete…").click();
    await expect(page.getByRole("button", { name: "Yes, delete it" })).toBeVisible();
    await expectNoAxeViolations(page, `order request ${theme}`);

    // Leaves nothing for the delivery worker: the request goes with its rows.
    await page.getByRole("button", { name: "Yes, delete it" }).click();
    await expect(page).toHaveURL(/\/admin\/orders$/);
  });
}

test("a failed delivery is queued again from the request, and that is audited", async ({ page, context, baseURL }) => {
  await signInAsStaff(context, baseURL ?? "", "owner", { fresh: true });
  const stamp = Date.now();
  const [order] = seedOrders([
    { firstName: "Lee", lastName: `Retry${stamp}`, email: `orders-retry-${stamp}@example.com` },
  ]);
  if (!order) throw new Error("the order was not seeded");
  run("update outbox set status = 'failed', attempts = 8, last_error = 'refused' where ref_id = ?", order.id);
  await page.goto(`/admin/orders/${order.id}`);
  await page.getByRole("button", { name: "Retry delivery" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Delivery queued again." })).toBeVisible();
  expect(rows("select action from audit_log where target_id = ? and action != 'viewed'", order.id)).toEqual([
    { action: "retry-delivery" },
  ]);
  await page.getByText("Delete…").click();
  await page.getByRole("button", { name: "Yes, delete it" }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
});
