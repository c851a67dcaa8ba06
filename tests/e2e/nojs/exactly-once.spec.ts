import type { Page, Request } from "@playwright/test";
import { fillContactForm } from "../contact-form";
import { expect, test } from "../fixtures";
import { fillOrderFormPage } from "../order-form";
import { openKeptCopy } from "../../support/kept-pages";
import { e2eRows, signInAsStaff } from "../seed";
import { e2eMinFillMs } from "../../../playwright.config";

/**
 * Without JavaScript, every form carries a ticket from when this visitor was served it: a
 * correction sent at once is measured from when the form was first shown, a form served from
 * memory and sent at once is marked (never held), and the same post sent twice is stored once.
 */

// A refused first post answers 400; the browser logs that status.
test.use({ allowedConsoleErrors: [/status of 400/] });

/**
 * Waits until `ms` have passed since `since`: a person still reading the form, slower than the
 * e2e server's FORM_MIN_FILL_MS, so the fill is no signal.
 */
async function takeTime(page: Page, since: number, ms = e2eMinFillMs + 500) {
  const left = since + ms - Date.now();
  if (left > 0) await page.waitForTimeout(left);
}

test("the order form filled slowly, sent without the medical disclaimer, then ticked and sent again at once, reaches Orders unmarked", async ({
  page,
  context,
  baseURL,
}) => {
  const email = `nojs-disclaimer-${Date.now()}@example.com`;
  const shown = Date.now();
  await page.goto("/order");
  await fillOrderFormPage(page, { email, disclaimer: false });
  await takeTime(page, shown);
  await page.getByRole("button", { name: "Send Order Request" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "You must acknowledge the medical disclaimer" }).getByRole("heading"),
  ).toBeFocused();
  // Ticked and sent within a second of the error page: the fill counts from the form's first showing.
  await page.getByLabel(/^I understand that this request/).check();
  await page.getByRole("button", { name: "Send Order Request" }).click();
  await expect(page.getByRole("heading", { name: "Order Request Received" })).toBeFocused();
  const reference = await page.locator("#order-form strong.font-mono").textContent();

  expect(e2eRows("select reference, spam_signals from order_requests where email = ?", email)).toEqual([
    { reference, spam_signals: null },
  ]);
  expect(e2eRows("select id from spam where payload like ?", `%${email}%`)).toEqual([]);
  await signInAsStaff(context, baseURL ?? "");
  await page.goto(`/admin/orders?q=${encodeURIComponent(email)}`);
  const row = page.getByRole("listitem").filter({ hasText: email });
  await expect(row.getByRole("link", { name: new RegExp(`^${reference} — Dev Example`) })).toBeVisible();
  await expect(row.getByText(/Possible spam/)).toHaveCount(0);
});

test("a message with one web address, filled slowly, corrected after a missing consent and sent again at once, reaches the inbox unmarked", async ({
  page,
  context,
  baseURL,
}) => {
  const email = `nojs-fix-${Date.now()}@example.com`;
  const shown = Date.now();
  await page.goto("/contact");
  await fillContactForm(page, {
    name: "Cora Fixit",
    email,
    topic: "product",
    message: "Is my chair https://www.example.com/x a fit for the cushion?",
    consent: false,
  });
  await takeTime(page, shown);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("You must agree to the privacy policy").first()).toBeVisible();
  await page.getByLabel(/I agree/).check();
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("heading", { name: "Message Sent Successfully!" })).toBeVisible();

  expect(e2eRows("select status, spam_signals from contact_messages where email = ?", email)).toEqual([
    { status: "new", spam_signals: null },
  ]);
  await signInAsStaff(context, baseURL ?? "");
  await page.goto("/admin/messages");
  const row = page.getByRole("listitem").filter({ hasText: email });
  await expect(row).toBeVisible();
  // One address is one link, the fill took its time, the correction kept the clock: no reason at all.
  await expect(row.getByText(/Possible spam/)).toHaveCount(0);
});

test("a contact form served from memory and sent within a second is marked with its fill time, and reaches the inbox", async ({
  page,
  context,
  baseURL,
}) => {
  const email = `nojs-quick-${Date.now()}@example.com`;
  // The kept copy, with a ticket made for this response.
  expect(await openKeptCopy(page, "/contact")).toBe(true);
  await page.getByLabel("Name").fill("Quinn Quick");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Topic").selectOption("product");
  await page.getByRole("textbox", { name: /^Message/ }).fill("Autofill and send.");
  await page.getByLabel(/I agree/).check();
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("heading", { name: "Message Sent Successfully!" })).toBeVisible();

  const [stored] = e2eRows("select status, spam_signals from contact_messages where email = ?", email);
  expect(stored?.status).toBe("new");
  expect(JSON.parse(String(stored?.spam_signals))).toEqual([
    { code: "too-fast", detail: expect.stringMatching(/^Sent [0-5]\.\d s after the form was shown\.$/) },
  ]);
  await signInAsStaff(context, baseURL ?? "");
  await page.goto("/admin/messages");
  await expect(
    page
      .getByRole("listitem")
      .filter({ hasText: email })
      .getByText(/^Possible spam: Sent \d\.\d s after the form was shown\.$/),
  ).toBeVisible();
});

test("the same form post sent again (a reload of the post, a retry after a dropped connection) is stored once and answered as the first", async ({
  page,
}) => {
  const email = `nojs-twice-${Date.now()}@example.com`;
  const posts: Request[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request);
  });
  const shown = Date.now();
  await page.goto("/order");
  await fillOrderFormPage(page, { email });
  await takeTime(page, shown);
  await page.getByRole("button", { name: "Send Order Request" }).click();
  await expect(page.getByRole("heading", { name: "Order Request Received" })).toBeVisible();
  const reference = await page.locator("#order-form strong.font-mono").textContent();
  expect(posts).toHaveLength(1);

  // The browser's own post, byte for byte, sent twice more: as a reload of the post that answered
  // it does, or a retry after the answer was lost. (Chromium itself sends one post for a double
  // click on a form without JavaScript.)
  const post = posts[0] as Request;
  for (let n = 0; n < 2; n++) {
    const headers = await post.allHeaders();
    const again = await page.request.fetch(post.url(), {
      method: "POST",
      headers: { "content-type": headers["content-type"] ?? "", origin: headers.origin ?? "" },
      data: post.postDataBuffer() ?? "",
      maxRedirects: 0,
    });
    expect(again.status()).toBe(303);
    expect(again.headers().location).toBe("/order?sent=1");
    // The notice it sets names the same reference.
    expect(again.headers()["set-cookie"]).toContain(`order-sent.${reference}`);
  }
  expect(e2eRows("select reference from order_requests where email = ?", email)).toEqual([{ reference }]);
});
