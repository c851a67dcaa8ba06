import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

/** The rule ids ESLint reports for `code` written at `file` (a path in the project). */
async function ruleIds(file: string, code: string) {
  const [result] = await new ESLint({ cwd: root }).lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((message) => [message.ruleId, message.message]);
}

describe("import boundaries (eslint.config.js, decision 014)", () => {
  it("refuses a feature importing another feature, and says where shared code goes", async () => {
    const messages = await ruleIds(
      "app/features/orders/boundary-probe.ts",
      'export { topicLabel } from "~/features/contact/schema";\n',
    );
    expect(messages).toEqual([
      [
        "import-x/no-restricted-paths",
        expect.stringContaining(
          "A feature cannot import another feature: move what both need to app/lib or app/components",
        ),
      ],
    ]);
  });

  it("refuses shared code importing a feature, and allows a feature its own files and lib", async () => {
    expect(
      await ruleIds("app/lib/boundary-probe.ts", 'export { topicLabel } from "~/features/contact/schema";\n'),
    ).toEqual([
      ["import-x/no-restricted-paths", expect.stringContaining("Shared code cannot import a feature or a route.")],
    ]);
    expect(
      await ruleIds(
        "app/features/contact/boundary-probe.ts",
        'export { ContactFormSchema } from "./schema";\nexport { recordAudit } from "~/lib/audit.server";\n',
      ),
    ).toEqual([]);
  });
});
