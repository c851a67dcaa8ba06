import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

/** Runs Prometheus's promtool through scripts/promtool.mjs (which fetches it on Debian), in deploy/. */
export function promtool(args: string[], { input }: { input?: string } = {}) {
  return spawnSync(process.execPath, [path.join(root, "scripts/promtool.mjs"), ...args], {
    cwd: path.join(root, "deploy"),
    encoding: "utf8",
    timeout: 120_000,
    input,
  });
}

/** Whether promtool can be had here. */
const hasPromtool = promtool(["--version"]).status === 0;

/** Whether this is CI (CI=true), where .ci/run makes sure of promtool. */
const inCi = !["", "0", "false"].includes(process.env.CI ?? "");

/** Skipped only off CI: in CI a missing promtool fails promtool's checks instead of skipping them. */
export const skipWithoutPromtool = !hasPromtool && !inCi;

/** Fails the test when there is no promtool (only reached in CI, where the checks must not be skipped). */
export function requirePromtool() {
  if (!hasPromtool)
    throw new Error("promtool is needed here (CI is set): `node scripts/promtool.mjs --version` could not find it.");
}
