import { defineConfig } from "vitest/config";

/** `npm run test:chaos`: the resilience tests that take minutes (CI runs them after `npm test`). */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/chaos/**/*.test.ts"],
    environment: "node",
    // One at a time: they measure a server under load and must not compete for the CPU.
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 60_000,
  },
});
