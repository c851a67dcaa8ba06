import os from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "server/**/*.test.ts",
      "db/**/*.test.ts",
      "tests/integration/**/*.test.ts",
      "tests/support/**/*.test.ts",
      "scripts/**/*.test.ts",
    ],
    environment: "node",
    // Two files at a time even on two cores, where the default would be one: on a 2-core machine
    // the suite takes 11 min instead of 18.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // A suite skipped for a missing tool is named, at the end too; in CI it fails the run
    // (tests/support/requires.ts).
    globalSetup: ["tests/support/global-setup.ts"],
    reporters: ["default", "./tests/support/skip-summary.ts"],
  },
});
