/**
 * axe in jsdom, for unit tests that check what the server renders: a page's HTML in a document of
 * its own, scanned for WCAG 2.2 A and AA (and axe's best practices). Contrast needs a browser's
 * layout and is checked by the browser tests.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

interface Axe {
  run(node: unknown, options: unknown): Promise<{ violations: Array<{ id: string; nodes: unknown[] }> }>;
}

const { JSDOM } = require("jsdom") as {
  JSDOM: new (
    html: string,
    options: { runScripts: "outside-only" },
  ) => { window: Window & { eval(code: string): void; axe: Axe } };
};

/** The document `html` makes as a page's body under `title`, and axe's violations in it. */
export async function axe(html: string, title = "A page") {
  const dom = new JSDOM(
    `<!doctype html><html lang="en"><head><title>${title}</title></head><body>${html}</body></html>`,
    {
      runScripts: "outside-only",
    },
  );
  dom.window.eval(axeSource);
  const result = await dom.window.axe.run(dom.window.document, {
    runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"] },
    rules: { "color-contrast": { enabled: false } },
  });
  return { document: dom.window.document, violations: result.violations };
}
