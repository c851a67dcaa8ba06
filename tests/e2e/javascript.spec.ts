import type { Page, Request } from "@playwright/test";
import { allRoutes } from "../../app/route-manifest";
import { expect, test } from "./fixtures";

/** The public pages that load JavaScript at all; the others are HTML only (docs/decisions/005). */
const hydratedPages = allRoutes.filter((route) => route.page && route.hydrate !== false).map((route) => route.path);

/** No public page loads more than this much compressed JavaScript (docs/benchmarks.md). */
const budgetBytes = 120 * 1024;

/**
 * What each page loaded once the site's text was read from the database (brotli, KB), plus the
 * 1 KB a change may add before someone decides it is worth it: a page grows only on purpose.
 */
const ceilingKb: Record<string, number> = {
  "/": 116.5 + 1,
  "/testimonials": 114.2 + 1,
  "/contact": 109 + 1,
  "/order": 113.3 + 1,
};

/** What only some visits need, loaded on demand: the forms' checks (with Zod), the toast region, the moderation panel. */
const onDemand = /\/assets\/(zod|check|toast-view|admin-panel)-[\w-]+\.js$/;

function watchScripts(page: Page): Request[] {
  const scripts: Request[] = [];
  page.on("requestfinished", (request) => {
    if (request.resourceType() === "script") scripts.push(request);
  });
  return scripts;
}

for (const path of hydratedPages) {
  test(`${path} stays within the JavaScript budget and leaves the on-demand parts out`, async ({ page }) => {
    const scripts = watchScripts(page);
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    expect(scripts.length).toBeGreaterThan(0);
    const sizes = await Promise.all(scripts.map((request) => request.sizes()));
    const body = sizes.reduce((sum, size) => sum + size.responseBodySize, 0);
    const transfer = sizes.reduce((sum, size) => sum + size.responseBodySize + size.responseHeadersSize, 0);
    console.log(
      `${path}: ${scripts.length} scripts, ${(body / 1024).toFixed(1)} KB compressed, ${(transfer / 1024).toFixed(1)} KB with headers`,
    );
    // Files too small to gain from it are sent as they are; the others are precompressed.
    const largest = scripts[sizes.indexOf(sizes.reduce((a, b) => (b.responseBodySize > a.responseBodySize ? b : a)))];
    expect((await largest?.response())?.headers()["content-encoding"], "the largest script is sent compressed").toBe(
      "br",
    );
    expect(scripts.map((request) => new URL(request.url()).pathname).filter((name) => onDemand.test(name))).toEqual([]);
    expect(body, "compressed JavaScript").toBeLessThanOrEqual(budgetBytes);
    expect(ceilingKb[path], "a recorded size for each page with JavaScript").toBeDefined();
    expect(body / 1024, "compressed JavaScript, KB, against the page's recorded size").toBeLessThanOrEqual(
      ceilingKb[path]!,
    );
  });
}

test("a form sent the moment it is touched is still checked in the browser first", async ({ page }) => {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  const scripts = watchScripts(page);
  await page.goto("/contact");
  // The click is the form's first touch: the check starts loading then, and the submission waits for it.
  await page.getByRole("button", { name: "Send Message" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "problems with the form" });
  await expect(summary).toBeFocused();
  await expect(summary).toContainText("Name is required");
  expect(posts).toEqual([]);
  expect(scripts.some((request) => /\/assets\/check-[\w-]+\.js$/.test(request.url()))).toBe(true);
});

test.describe("without the check", () => {
  // The blocked files, and the server's 400 for the form it then checks itself.
  test.use({ allowedConsoleErrors: [/net::ERR_FAILED|status of 400/] });

  test("when the check cannot be loaded, the form is sent and the server's answer is shown", async ({ page }) => {
    await page.route(/\/assets\/(check|zod)-[\w-]+\.js$/, (route) => route.abort());
    await page.goto("/contact");
    await page.getByRole("button", { name: "Send Message" }).click();
    const summary = page.getByRole("alert").filter({ hasText: "problems with the form" });
    await expect(summary).toContainText("Name is required");
    await expect(summary).toContainText("Please select a topic");
  });
});

test.describe("without the toast region", () => {
  test.use({ allowedConsoleErrors: [/net::ERR_FAILED/] });

  test("when it cannot be loaded, a form's answer is still shown and announced", async ({ page }) => {
    await page.route(/\/assets\/toast-view-[\w-]+\.js$/, (route) => route.abort());
    await page.goto("/contact");
    await page.getByLabel("Name").fill("Ana Example");
    await page.getByLabel("Email").fill(`toast-${Date.now()}@example.com`);
    await page.getByLabel("Topic").selectOption("support");
    await page.getByRole("textbox", { name: /^Message/ }).fill("The controller light blinks twice. What does it mean?");
    await page.getByLabel(/I agree/).check();
    await page.getByRole("button", { name: "Send Message" }).click();
    const notice = page.getByRole("region", { name: "Notifications" }).getByRole("status");
    await expect(notice).toContainText("Message sent successfully!");
  });
});

test("the order form's steps are checked before the check has loaded", async ({ page }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/check-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/order");
  await page.getByRole("button", { name: "Continue" }).click();
  // Nothing moves until the check has run.
  await expect(page.getByRole("heading", { name: /Step 1 of 6/ })).toBeVisible();
  release();
  await expect(page.getByText("First name is required").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: /Step 1 of 6/ })).toBeVisible();
});
