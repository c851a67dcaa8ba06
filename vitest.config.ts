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
    // One file more than there are cores: the integration files spend about a third of their
    // time waiting (on servers they start, on timeouts they test, on PostgreSQL), and a third file
    // fills that. On a 2-core machine: 480 s with two, 398 s with three; four was slower (418 s)
    // and too loaded for a test of speed (decision 032).
    maxWorkers: os.availableParallelism() + 1,
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // A suite skipped for a missing tool is named, at the end too; in CI it fails the run
    // (tests/support/requires.ts).
    globalSetup: ["tests/support/global-setup.ts"],
    reporters: ["default", "./tests/support/skip-summary.ts"],
  },
});
