import os from "node:os";
import { defineConfig } from "vitest/config";

/**
 * The files that hold the server to a time while they load it with work of their own making (the
 * right password answered while wrong ones pour in, a long text checked within 100 ms, 200 KB of
 * Markdown rendered within 3 s).
 * They run after the rest, two at a time, as every file did before: beside a third file on two
 * cores, a sign-in during a flood once took 3.9 s. The other files that measure time (a shutdown
 * within 7 s, a silent database seen within 5 s) wait on the server, not on the processor, and
 * passed with three.
 */
const timed = [
  "app/features/auth/sign-in-limits.server.test.ts",
  "app/features/reviews/flags.test.ts",
  "app/lib/markdown.server.test.ts",
  "tests/integration/sign-in-flood.test.ts",
];

/**
 * Last, one at a time: a publish measured on two instances and nginx, which redraws every
 * prerendered page at once (all of both cores for a second or two), and a known browser let in
 * within 3 s during a flood, which beside it took 3.8 s and beside the other flood file 3.3 s.
 */
const alone = ["tests/integration/content-publish.test.ts", "tests/integration/sign-in-devices.test.ts"];

const cores = os.availableParallelism();

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: "node",
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // A suite skipped for a missing tool is named, at the end too; in CI it fails the run
    // (tests/support/requires.ts).
    globalSetup: ["tests/support/global-setup.ts"],
    reporters: ["default", "./tests/support/skip-summary.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "tests",
          include: [
            "app/**/*.test.{ts,tsx}",
            "server/**/*.test.ts",
            "db/**/*.test.ts",
            "tests/integration/**/*.test.ts",
            "tests/support/**/*.test.ts",
            "scripts/**/*.test.ts",
          ],
          exclude: [...timed, ...alone],
          // One file more than there are cores: the integration files spend about a third of
          // their time waiting (on servers they start, on timeouts they test, on PostgreSQL), and
          // a third file fills that. On a 2-core machine the whole suite took 480 s with two and
          // 398 s with three; four was slower (418 s) (decision 032).
          maxWorkers: cores + 1,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: "timed",
          include: timed,
          maxWorkers: Math.max(2, cores - 1),
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: "alone",
          include: alone,
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
