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
