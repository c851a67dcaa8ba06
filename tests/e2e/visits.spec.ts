import type { Page } from "@playwright/test";
import Database from "#db/sqlite-driver.mjs";
import { type ServerProcess, startServerProcess } from "../integration/server-process";
import { expect, expectNoAxeViolations, test, viewports } from "./fixtures";
import { fillOrderFormPage, fillOrderStep } from "./order-form";
import { signInAsStaff } from "./seed";

/**
 * What the Visits page counts, on a server of its own (counts have no owner, so the other specs'
 * visits to the shared servers would be in them): the order form walked with and without
 * JavaScript, and the admin page's tables set against the rows a query of the test's own sums.
 */
test.describe.configure({ mode: "serial" });

let server: ServerProcess;
let file = "";

test.beforeAll(async () => {
  server = await startServerProcess({ VISIT_FLUSH_MS: "100", FORM_RATE_LIMIT: "1000" });
  file = server.output().match(/"msg":"database ready","dialect":"sqlite","location":"([^"]+)"/)?.[1] ?? "";
  expect(file).not.toBe("");
});

test.afterAll(async () => {
  await server?.stop();
});

function rows<T>(sql: string, ...params: unknown[]): T[] {
  const db = new Database(file, { readonly: true });
  try {
    db.pragma("busy_timeout = 5000");
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

function formCounts(form: string): Record<string, number> {
  const found = rows<{ event: string; count: number }>(
    "select event, sum(count) as count from form_counts where form = ? group by event",
    form,
  );
  return Object.fromEntries(found.map((row) => [row.event, Number(row.count)]));
}

function views(page: string): Record<string, number> {
  const found = rows<{ channel: string; source: string; views: number }>(
    "select channel, source, sum(views) as views from visit_counts where page = ? group by channel, source",
    page,
  );
  return Object.fromEntries(found.map((row) => [`${row.channel}:${row.source}`, Number(row.views)]));
}

/** Waits until the server has written what it counted (every 100 ms here) and `check` holds. */
async function eventually(check: () => void) {
  await expect(async () => check()).toPass({ timeout: 10_000 });
}

const stepsDone = (count: number) => Object.fromEntries([1, 2, 3, 4, 5, 6].map((step) => [`step-${step}`, count]));

async function walkWithJavaScript(page: Page, email: string) {
  for (let index = 0; index < 6; index++) {
    await expect(page.getByRole("heading", { name: new RegExp(`^Step ${index + 1} of 6`) })).toBeVisible();
    await fillOrderStep(page, index, email);
    if (index < 5) await page.getByRole("button", { name: "Continue" }).click();
  }
  await page.getByRole("group", { name: "How did you hear about us?" }).getByLabel("A clinician or therapist").check();
  await page.getByRole("button", { name: "Send Order Request" }).click();
  await expect(page.getByRole("heading", { name: "Order Request Received" })).toBeFocused();
}

test("a full walk through the order form with JavaScript counts each step once, the entry and the stored request", async ({
  page,
}) => {
  const beacons: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/api/form-steps")) beacons.push(request.postData() ?? "");
  });
  await page.goto(`${server.url}/order`, { referer: "https://www.google.com/" });
  await walkWithJavaScript(page, `visits-js-${Date.now()}@example.com`);
  await eventually(() => expect(formCounts("order")).toEqual({ ...stepsDone(1), stored: 1, "heard:clinician": 1 }));
  // The beacon says which form and which step: nothing else.
  expect(beacons.sort()).toEqual([1, 2, 3, 4, 5, 6].map((step) => `form=order&step=${step}`));
  // The entry from the search engine; the page shown after sending is a view from the site itself.
  await eventually(() => expect(views("/order")).toEqual({ "search:Google": 1, "internal:": 1 }));
});

test("without JavaScript, the order page and the stored request are counted, and no step", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${server.url}/order`);
  await fillOrderFormPage(page, { email: `visits-html-${Date.now()}@example.com` });
  await page.getByRole("button", { name: "Send Order Request" }).click();
  await expect(page.getByRole("heading", { name: "Order Request Received" })).toBeVisible();
  await context.close();
  await eventually(() =>
    expect(formCounts("order")).toEqual({ ...stepsDone(1), stored: 2, "heard:clinician": 1, "heard:none": 1 }),
  );
  await eventually(() => expect(views("/order")).toEqual({ "search:Google": 1, "internal:": 2, "direct:": 1 }));
});

/** A table's body rows as text, cell by cell, found by its caption. */
async function tableRows(page: Page, caption: string): Promise<string[][]> {
  const table = page.locator("table", { has: page.locator("caption", { hasText: caption }) });
  return table
    .locator("tbody tr")
    .evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll("th, td")].map((cell) => (cell.textContent ?? "").trim())),
    );
}

test("the Visits page's tables equal the stored counts, and pass axe in both themes at 375 and 1280 px", async ({
  page,
  context,
}) => {
  test.slow();
  await signInAsStaff(context, server.url, "owner", { db: file });
  await page.goto(`${server.url}/admin/visits?period=7`);
  await expect(page.getByRole("heading", { name: "Visits", level: 1 })).toBeVisible();

  const pages = rows<{ page: string; views: number; entries: number }>(
    `select page, sum(views) as views, sum(case when channel <> 'internal' then views else 0 end) as entries
     from visit_counts group by page order by views desc, page`,
  );
  expect(pages.length).toBeGreaterThan(0);
  expect(await tableRows(page, "Top pages")).toEqual(
    pages.map((row) => [row.page, String(row.views), String(row.entries)]),
  );
  const order = formCounts("order");
  const funnel = await tableRows(page, "Order form, step by step");
  expect(funnel.map((row) => row[1])).toEqual([
    String(pages.find((row) => row.page === "/order")?.views ?? 0),
    ...[1, 2, 3, 4, 5, 6].map((step) => String(order[`step-${step}`] ?? 0)),
    String(order.stored ?? 0),
  ]);
  expect(await tableRows(page, "Stored submissions per form")).toEqual([
    ["Contact form", "0"],
    ["Order request", String(order.stored)],
    ["Review", "0"],
  ]);
  const heard = await tableRows(page, "How did you hear about us?");
  expect(heard.find((row) => row[0] === "A clinician or therapist")).toEqual([
    "A clinician or therapist",
    "0",
    "1",
    "0",
    "1",
  ]);
  expect(await tableRows(page, "Entries by source")).toEqual([["Google", "Search", "1"]]);

  for (const theme of ["dark", "light"] as const) {
    await context.addCookies([{ name: "theme", value: theme, url: server.url }]);
    for (const [size, viewport] of [
      ["375", viewports.mobile],
      ["1280", viewports.desktop],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`${server.url}/admin/visits?period=months`);
      await expect(page.locator("svg[role=img]").first()).toBeVisible();
      await expectNoAxeViolations(page, `visits, ${theme}, ${size} px`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `sideways scroll at ${size} px`).toBeLessThanOrEqual(0);
    }
  }
});
