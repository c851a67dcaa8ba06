import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type ServerProcess, startServerProcess } from "../integration/server-process";
import { themeStorageKey } from "../../app/lib/theme";
import { expect, expectNoAxeViolations, test } from "./fixtures";

/**
 * The rendered-page cache as a browser meets it: a page served from memory carries a CSP of
 * script hashes instead of a nonce, and still hydrates and works with no CSP violation.
 */

let server: ServerProcess;

test.beforeAll(async () => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "aquila-page-cache-")), "site.sqlite");
  server = await startServerProcess({ DATABASE_URL: file, FORM_MIN_FILL_MS: "0" });
});

test.afterAll(async () => {
  await server?.stop();
});

// The last is the copy rendered for /testimonials, met by a visitor whose address carries a parameter the page does not read.
for (const pathname of ["/", "/testimonials", "/contact", "/testimonials?utm_source=newsletter"]) {
  test(`${pathname} from the cache hydrates and works under a hash-only CSP`, async ({ page }) => {
    await page.goto(`${server.url}${pathname}`);
    const cached = await page.goto(`${server.url}${pathname}`);
    const csp = cached?.headers()["content-security-policy"] ?? "";
    expect(csp).toMatch(/script-src 'self'( 'sha256-[^']+')+;/);
    expect(csp).not.toContain("nonce-");
    // React ran: the theme switch's effect records the theme only once the page has hydrated.
    await expect.poll(() => page.evaluate((key) => window.localStorage.getItem(key), themeStorageKey)).toBe("dark");
    // …and a form checks its fields in the browser, without a round trip.
    if (pathname !== "/") {
      const requests: string[] = [];
      page.on("request", (request) => request.method() === "POST" && requests.push(request.url()));
      await page
        .locator("main form")
        .getByRole("button", { name: /submit|send/i })
        .first()
        .click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
      expect(requests).toEqual([]);
    }
    await expectNoAxeViolations(page, `${pathname} from the cache`);
  });
}
