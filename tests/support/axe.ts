import axe from "axe-core";

/**
 * axe's violations in the current document, for a test that runs in vitest's jsdom environment:
 * WCAG 2.2 A and AA and axe's best practices, as the browser tests scan with. Contrast needs a
 * browser's layout, so the browser tests alone check it.
 */
export async function axeViolations(root: Document = document) {
  const result = await axe.run(root, {
    runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"] },
    rules: { "color-contrast": { enabled: false } },
  });
  // What failed and where, so a failing test says which rule on which element.
  return result.violations.map((violation) => ({
    rule: violation.id,
    nodes: violation.nodes.map((node) => node.html),
  }));
}
