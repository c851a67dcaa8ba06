import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test, viewports } from "./fixtures";
import { tabTo } from "./forms";
import { fillOrderStep } from "./order-form";
import { e2eDatabase } from "./seed";

/** The order request with JavaScript: six steps, kept across reloads, sent by keyboard alone. */

function storedOrders(email: string) {
  const db = e2eDatabase();
  const rows = db.prepare("select * from order_requests where email = ?").all(email) as Array<Record<string, unknown>>;
  const outbox = rows.length
    ? (db.prepare("select kind, channel, status from outbox where ref_id = ?").all(rows[0]!.id) as Array<
        Record<string, unknown>
      >)
    : [];
  db.close();
  return { rows, outbox };
}

const steps = [
  "Contact details",
  "Location",
  "Wheelchair and seat",
  "Sitting and sensitivity",
  "Cushion choices",
  "Notes and consent",
];

function stepHeading(page: Page, index: number) {
  return page.getByRole("heading", { name: `Step ${index + 1} of 6 ${steps[index]}` });
}

async function typeInto(page: Page, label: string | RegExp, text: string) {
  await tabTo(page, page.getByLabel(label, { exact: typeof label === "string" }));
  await page.keyboard.type(text);
}

/** Checks the radio button or checkbox named `option` within the group `legend`, by keyboard. */
async function choose(page: Page, legend: string | RegExp, option: string) {
  const group = page.getByRole("group", { name: legend });
  const inputs = group.locator("input");
  const wanted = group.getByLabel(option, { exact: true });
  const type = await wanted.getAttribute("type");
  if (type === "checkbox") {
    await tabTo(page, wanted);
    await page.keyboard.press("Space");
    return;
  }
  // Tab reaches a radio group once; the arrow keys move through it and choose.
  await tabTo(page, inputs.first());
  await page.keyboard.press("Space");
  for (let i = 0; i < 10 && !(await wanted.isChecked()); i++) await page.keyboard.press("ArrowDown");
  await expect(wanted).toBeChecked();
}

async function next(page: Page) {
  await tabTo(page, page.getByRole("button", { name: "Continue" }).locator("visible=true"));
  await page.keyboard.press("Enter");
}

async function fillStep(page: Page, index: number, email: string) {
  switch (index) {
    case 0:
      await typeInto(page, /^First name/, "Rosa");
      await typeInto(page, /^Last name/, "Example");
      await typeInto(page, /^Email/, email);
      await typeInto(page, /^Phone/, "866-555-0100");
      return;
    case 1:
      await typeInto(page, /^Country/, "United States");
      await typeInto(page, /^State\/Province/, "Ohio");
      await typeInto(page, /^ZIP\/Postal code/, "43004");
      return;
    case 2:
      await choose(page, /^Wheelchair type/, "Power wheelchair");
      await typeInto(page, /^Seat width/, "18.5");
      await typeInto(page, /^Seat depth/, "17");
      return;
    case 3:
      await choose(page, /^Hours sitting/, "8 to 12 hours");
      await choose(page, /^Where do you feel/, "Tailbone");
      await choose(page, /^Where do you feel/, "Hips");
      await choose(page, /^Sensitivity level/, "High");
      return;
    case 4:
      await choose(page, /^What matters most/, "Pressure relief");
      await choose(page, /^Pad size/, "Not sure yet");
      await choose(page, /^Cover type/, "Easy-clean cover");
      await choose(page, /^Controller placement/, "Right side of the chair");
      return;
    case 5:
      await typeInto(page, /^Anything else/, "Healing a small sore on the left side.");
      await tabTo(page, page.getByLabel(/^I agree that Aquila/));
      await page.keyboard.press("Space");
      await tabTo(page, page.getByLabel(/^I understand that this request/));
      await page.keyboard.press("Space");
      return;
  }
}

test("a complete request by keyboard alone, step by step, stored with its deliveries queued", async ({ page }) => {
  const email = `order-keys-${Date.now()}@example.com`;
  await page.goto("/order");
  await tabTo(page, page.getByRole("link", { name: "Open Form Below" }));
  await page.keyboard.press("Enter");
  await expect(stepHeading(page, 0)).toBeFocused();
  for (let index = 0; index < steps.length; index++) {
    await expect(stepHeading(page, index)).toBeVisible();
    // Only the current step is on screen.
    await expect(page.locator("#order-request form > fieldset:not([hidden])")).toHaveCount(1);
    await fillStep(page, index, email);
    if (index < steps.length - 1) {
      await next(page);
      await expect(stepHeading(page, index + 1)).toBeFocused();
    }
  }
  await tabTo(page, page.getByRole("button", { name: "Send Order Request" }));
  await page.keyboard.press("Enter");
  const heading = page.getByRole("heading", { name: "Order Request Received" });
  await expect(heading).toBeFocused();
  const reference = (await page.locator("#order-form strong.font-mono").textContent()) ?? "";
  expect(reference).toMatch(/^AQ-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  await expect(page.getByText(/within 24 hours for your consultation/)).toBeVisible();

  const { rows, outbox } = storedOrders(email);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    reference,
    first_name: "Rosa",
    wheelchair_type: "power",
    seat_width_in: 18.5,
    seat_depth_in: 17,
    daily_sitting_hours: "8-12",
    discomfort_areas: JSON.stringify(["tailbone", "hips"]),
    sensitivity_level: "high",
    pad_size: "not-sure",
    cover_type: "easy-clean",
    controller_placement: "right",
    status: "new",
  });
  expect(outbox.map((o) => o.kind)).toContain("order");
  // The draft of the answers ends with the request.
  expect(await page.evaluate(() => sessionStorage.getItem("aquila-order-draft"))).toBeNull();
});

test("Continue checks only its own step, with the order messages in a summary that takes focus", async ({ page }) => {
  await page.goto("/order");
  await page.getByRole("button", { name: "Continue" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "problems with the form" });
  await expect(summary).toBeFocused();
  for (const message of [
    "First name is required",
    "Last name is required",
    "Please enter a valid email address",
    "Please enter a valid phone number",
  ]) {
    await expect(summary).toContainText(message);
  }
  await expect(summary).not.toContainText("Country is required");
  await expect(stepHeading(page, 0)).toBeVisible();
  await summary.getByRole("link", { name: /First name/ }).click();
  await expect(page.getByLabel(/^First name/)).toBeFocused();
  await expectNoAxeViolations(page, "order step errors");
});

test("every choice is a native radio button or checkbox whose label row is at least 44 by 44 px", async ({ page }) => {
  for (const viewport of [viewports.mobile, viewports.desktop]) {
    await page.setViewportSize(viewport);
    await page.goto("/order");
    await expect(
      page.locator("#order-request select, #order-request [role=listbox], #order-request [role=combobox]"),
    ).toHaveCount(0);
    const small = await page.evaluate(() =>
      [
        ...document.querySelectorAll<HTMLInputElement>(
          "#order-request input[type=radio], #order-request input[type=checkbox]",
        ),
      ]
        .filter((input) => input.getClientRects().length > 0)
        .map((input) => ({ name: `${input.name}=${input.value}`, rect: input.labels?.[0]?.getBoundingClientRect() }))
        .filter(({ rect }) => !rect || rect.width < 44 || rect.height < 44)
        .map(({ name }) => name),
    );
    expect(small, `small choices at ${viewport.width}px`).toEqual([]);
  }
});

test("someone filling it in for another person gives their name and relationship", async ({ page }) => {
  await page.goto("/order");
  await expect(page.getByLabel(/^Your name/)).toBeHidden();
  await expect(page.getByLabel(/^Email/)).toHaveAccessibleDescription(/Filling this in for someone\? Give your own/);
  await page.getByLabel("I am filling it in for someone else").check();
  await expect(page.getByLabel(/^Your name/)).toBeVisible();
  // The details asked for are the caregiver's own, as the privacy policy says.
  await expect(page.getByLabel(/^Email/)).toHaveAccessibleDescription(
    /^Your email, so we can reach you about this order/,
  );
  await expect(page.getByLabel(/^Phone/)).toHaveAccessibleDescription(/^Your phone number, so we can call you/);
  await page.getByRole("button", { name: "Continue" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "problems with the form" });
  await expect(summary).toContainText("Your name is required");
  await expect(summary).toContainText("Please say how you know the person");
  await expectNoAxeViolations(page, "order on behalf, errors");
});

test("the answers and the step survive a reload, and Back never loses an answer", async ({ page }) => {
  const email = `order-reload-${Date.now()}@example.com`;
  await page.goto("/order");
  await page.getByLabel(/^First name/).fill("Lena");
  await page.getByLabel(/^Last name/).fill("Example");
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Phone/).fill("866-555-0101");
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel(/^Country/).fill("Canada");
  await page.getByLabel(/^State\/Province/).fill("Ontario");
  await page.getByLabel(/^ZIP\/Postal code/).fill("K1A 0B1");
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("Manual wheelchair").check();
  await page.getByLabel(/^Seat width/).fill("16");

  await page.reload();
  await expect(stepHeading(page, 2)).toBeVisible();
  await expect(page.getByLabel("Manual wheelchair")).toBeChecked();
  await expect(page.getByLabel(/^Seat width/)).toHaveValue("16");

  await page.getByRole("button", { name: "Back" }).click();
  await expect(stepHeading(page, 1)).toBeFocused();
  await expect(page.getByLabel(/^ZIP\/Postal code/)).toHaveValue("K1A 0B1");
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page.getByLabel(/^First name/)).toHaveValue("Lena");
  await expect(page.getByLabel(/^Email/)).toHaveValue(email);
});

test("a request filled in about a second, as autofill does, is stored", async ({ page }) => {
  const email = `order-fast-${Date.now()}@example.com`;
  await page.goto("/order");
  // Every answer at once, the way a browser's autofill or a saved draft fills a form.
  await page.evaluate((address) => {
    const form = document.querySelector<HTMLFormElement>("#order-request form")!;
    const set = (name: string, value: string) => {
      const field = form.elements.namedItem(name);
      if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) field.value = value;
    };
    const check = (name: string, value: string) => {
      form.querySelector<HTMLInputElement>(`input[name="${name}"][value="${value}"]`)!.checked = true;
    };
    set("firstName", "Quick");
    set("lastName", "Filler");
    set("email", address);
    set("phone", "866-555-0102");
    set("country", "United States");
    set("state", "Texas");
    set("zipCode", "73301");
    check("wheelchairType", "manual");
    set("seatWidth", "18");
    set("seatDepth", "16");
    check("dailySittingHours", "4-8");
    check("discomfortAreas", "none-yet");
    check("sensitivityLevel", "low");
    check("priorities", "travel");
    check("padSize", "match-seat");
    check("coverType", "standard");
    check("controllerPlacement", "portable");
    form.querySelector<HTMLInputElement>("input[name=privacyConsent]")!.checked = true;
    form.querySelector<HTMLInputElement>("input[name=medicalDisclaimer]")!.checked = true;
  }, email);
  await page.evaluate(() =>
    document
      .querySelector<HTMLFormElement>("#order-request form")!
      .requestSubmit(document.querySelector<HTMLButtonElement>("#order-request button[type=submit]")!),
  );
  await expect(page.getByRole("heading", { name: "Order Request Received" })).toBeFocused();
  expect(storedOrders(email).rows).toHaveLength(1);
});

test.describe("when the connection drops while sending", () => {
  // The aborted request is logged by the browser; that is the failure under test.
  test.use({ allowedConsoleErrors: [/net::ERR_FAILED/] });
  test("nothing is lost: the failure takes focus, every answer stays, and a reload still has them", async ({
    page,
  }) => {
    const email = `order-dropped-${Date.now()}@example.com`;
    await page.goto("/order");
    for (let index = 0; index < steps.length; index++) {
      await fillOrderStep(page, index, email);
      if (index < steps.length - 1) await page.getByRole("button", { name: "Continue" }).click();
    }
    await page.route("**/order.data*", (route) => route.abort());
    await page.getByRole("button", { name: "Send Order Request" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Your order request was not sent" })).toBeFocused();
    await expect(page.getByLabel(/^I understand that this request/)).toBeChecked();
    expect(storedOrders(email).rows).toHaveLength(0);

    await page.reload();
    await expect(stepHeading(page, steps.length - 1)).toBeVisible();
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page.getByLabel("Left side of the chair")).toBeChecked();
    await page.unroute("**/order.data*");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("button", { name: "Send Order Request" }).click();
    await expect(page.getByRole("heading", { name: "Order Request Received" })).toBeFocused();
    expect(storedOrders(email).rows).toHaveLength(1);
  });
});

// Each theme once and each layout once: contrast comes from a theme's colours, target sizes from a
// layout, and the site's page walk (every-width.spec.ts) scans the first step in both themes at both.
for (const [theme, size, viewport] of [
  ["dark", "375", viewports.mobile],
  ["light", "1280", viewports.desktop],
] as const) {
  test(`every step, error and the success view pass axe (${theme}, ${size} px)`, async ({ page, context, baseURL }) => {
    test.slow();
    await context.addCookies([{ name: "theme", value: theme, url: baseURL }]);
    await page.setViewportSize(viewport);
    await page.goto(`/order`);
    const email = `order-axe-${theme}-${size}-${Date.now()}@example.com`;
    for (let index = 0; index < steps.length; index++) {
      await page.getByRole("button", { name: index < steps.length - 1 ? "Continue" : "Send Order Request" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "problems with the form" })).toBeFocused();
      await expectNoAxeViolations(page, `step ${index + 1} errors`);
      await fillOrderStep(page, index, email);
      // Filling scrolled the page; the summary's links would pass under the sticky header.
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectNoAxeViolations(page, `step ${index + 1}`);
      if (index < steps.length - 1) await page.getByRole("button", { name: "Continue" }).click();
    }
    await page.getByRole("button", { name: "Send Order Request" }).click();
    await expect(page.getByRole("heading", { name: "Order Request Received" })).toBeFocused();
    await expectNoAxeViolations(page, "success");
  });
}

test.describe("as served, before any script runs", () => {
  // The page's module scripts are taken out, so it stays the HTML a browser without JavaScript gets.
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test("the one-page form, its errors and the success view pass axe", async ({ page }) => {
    test.slow();
    await page.route(/\/order(\?|$)/, async (route) => {
      const response = await route.fetch({ maxRedirects: 0 });
      const html = (await response.text()).replace(
        /<script\b[^>]*type="module"[^>]*>[\s\S]*?<\/script>|<link\b[^>]*rel="modulepreload"[^>]*>/g,
        "",
      );
      await route.fulfill({ response, body: html });
    });
    await page.goto("/order", { waitUntil: "domcontentloaded" });
    await expect(page.locator("#order-request form > fieldset:not([hidden])")).toHaveCount(6);
    await expect(page.getByRole("button", { name: "Continue" })).toHaveCount(0);
    await expectNoAxeViolations(page, "one page");
    await page.getByRole("button", { name: "Send Order Request" }).click();
    // Before React, the browser's autofocus moves to the summary's heading (ErrorSummary says why).
    await expect(
      page.getByRole("alert").filter({ hasText: "problems with the form" }).getByRole("heading"),
    ).toBeFocused();
    await expectNoAxeViolations(page, "one page, errors");
    for (let index = 0; index < steps.length; index++)
      await fillOrderStep(page, index, `order-html-${Date.now()}@example.com`);
    await page.getByRole("button", { name: "Send Order Request" }).click();
    await expect(page.getByRole("heading", { name: "Order Request Received" })).toBeFocused();
    await expectNoAxeViolations(page, "one page, success");
  });
});
