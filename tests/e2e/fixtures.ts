import { createRequire } from "node:module";
import AxeBuilder from "@axe-core/playwright";
import type { Result } from "axe-core";
import { test as base, expect, type Page } from "@playwright/test";

/**
 * Every browser test fails on a console error, an uncaught page error or a CSP violation
 * (Chromium reports violations as console errors too, but the event catches them all).
 */
export const test = base.extend<{ consoleErrors: string[]; allowedConsoleErrors: RegExp[] }>({
  /**
   * `page.goto` and `page.reload` that wait for the page to load (the default) also wait until
   * React has hydrated it, when it ships React at all. The site starts React only after the first
   * paint, so without this a quick click would be handled by the plain-HTML page: a real form post
   * instead of the in-page behaviour the test is about. Tests of the page before hydration ask for
   * `waitUntil: "domcontentloaded"` (or "commit") and are left alone, as are pages in a browser
   * with JavaScript off.
   */
  page: async ({ page, javaScriptEnabled }, provide) => {
    if (javaScriptEnabled === false) return provide(page);
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => settled(page, await goto(url, options), options?.waitUntil);
    page.reload = async (options) => settled(page, await reload(options), options?.waitUntil);
    await provide(page);
  },
  allowedConsoleErrors: [[], { option: true }],
  consoleErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        // `test.use({ allowedConsoleErrors: [a, b] })` reaches here as the array, `[a]` as `a` alone.
        if ([allowedConsoleErrors].flat().some((pattern) => pattern.test(message.text()))) return;
        errors.push(`console: ${message.text()}`);
      });
      page.on("pageerror", (error) => errors.push(`page error: ${error.message}`));
      await page.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (event) => {
          console.error(
            `CSP violation: ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
          );
        });
      });
      await use(errors);
      expect(errors, "console errors during the test").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

type LoadState = "load" | "domcontentloaded" | "networkidle" | "commit";

async function settled<T>(page: Page, response: T, waitUntil: LoadState | undefined): Promise<T> {
  if (waitUntil === "domcontentloaded" || waitUntil === "commit") return response;
  await page.waitForFunction(
    () => document.documentElement.hasAttribute("data-hydrated") || !document.querySelector('script[type="module"]'),
  );
  return response;
}

/** What axe checks: WCAG 2.2 AA and its best practices. */
const axeTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];
const axeSource: string = createRequire(import.meta.url)("axe-core").source;

/**
 * WCAG 2.2 AA, as axe checks it, on the whole page as it is now: once any smooth scroll (focus
 * moving to an error summary, say) has come to rest, since a target passing under the sticky
 * header mid-scroll would count as covered.
 */
export async function expectNoAxeViolations(page: Page, context?: string) {
  await scrollingSettled(page);
  const violations = await axeViolations(page);
  const summary = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(" ")).join("\n    ")}`,
  );
  expect(summary, `axe violations${context ? ` (${context})` : ""}`).toEqual([]);
}

/**
 * axe run in the page itself, its source put in once per document. @axe-core/playwright's
 * builder puts the source in again for every scan and finishes each scan in a page of its own,
 * which took twice as long as the scan; it is kept for a page with frames (the hosted order
 * form), whose content only it reaches.
 */
async function axeViolations(page: Page): Promise<Result[]> {
  if ((await page.locator("iframe").count()) > 0) {
    const results = await new AxeBuilder({ page })
      .withTags(axeTags)
      .options({ resultTypes: ["violations"] })
      .analyze();
    return results.violations;
  }
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  return page.evaluate(async (tags) => {
    const { axe } = window as unknown as { axe: typeof import("axe-core") };
    const results = await axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return results.violations;
  }, axeTags);
}

/** Resolves once the page has not scrolled for three animation frames in a row. */
async function scrollingSettled(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = `${window.scrollX},${window.scrollY}`;
        let still = 0;
        const tick = () => {
          const now = `${window.scrollX},${window.scrollY}`;
          still = now === last ? still + 1 : 0;
          last = now;
          if (still >= 3) resolve();
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
  );
}

export const viewports = {
  mobile: { width: 375, height: 812 },
  tablet: { width: 800, height: 1024 },
  desktop: { width: 1280, height: 900 },
} as const;
