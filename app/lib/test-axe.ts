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

/**
 * The document `html` makes as a page's body under `title`, and axe's violations in it: every rule
 * of WCAG 2.2 A and AA and axe's best practices, or only `rules` (a long form's check of what its
 * fields are named and told).
 */
export async function axe(html: string, title = "A page", rules?: readonly string[]) {
  // One window with axe loaded serves every scan of a test file: loading axe takes most of a scan's time.
  const dom = (shared ??= load());
  const document = dom.window.document;
  document.title = title;
  document.body.innerHTML = html;
  const result = await dom.window.axe.run(document, {
    // Details of passes are not needed, and gathering them takes most of a long page's scan.
    resultTypes: ["violations"],
    ...(rules
      ? { runOnly: { type: "rule", values: rules } }
      : {
          runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"] },
          rules: { "color-contrast": { enabled: false } },
        }),
  });
  return { document, violations: result.violations };
}

type AxeWindow = InstanceType<typeof JSDOM>;
let shared: AxeWindow | undefined;

function load(): AxeWindow {
  const dom = new JSDOM(`<!doctype html><html lang="en"><head><title></title></head><body></body></html>`, {
    runScripts: "outside-only",
  });
  dom.window.eval(axeSource);
  return dom;
}
