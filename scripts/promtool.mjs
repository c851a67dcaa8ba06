// `node scripts/promtool.mjs [args…]`: runs Prometheus's promtool, for checking
// deploy/prometheus-rules.yml. Uses `promtool` on PATH (or PROMTOOL) when there is one; otherwise,
// on Debian, takes it from the `prometheus` package without installing it (apt-get download, then
// dpkg -x, keeping promtool alone in the user's cache; the server in that package is never run). Exits 3 when no
// promtool can be had here.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const cache = path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), ".cache"), "aquila", "prometheus");
const cached = path.join(cache, "promtool");

function works(command) {
  return spawnSync(command, ["--version"], { stdio: "ignore" }).status === 0;
}

function fromDebian() {
  if (spawnSync("apt-get", ["--version"], { stdio: "ignore" }).status !== 0) return undefined;
  const work = mkdtempSync(path.join(os.tmpdir(), "aquila-promtool-"));
  try {
    const download = spawnSync("apt-get", ["download", "-qq", "prometheus"], { cwd: work, encoding: "utf8" });
    const deb = readdirSync(work).find((name) => name.endsWith(".deb"));
    if (download.status !== 0 || !deb) return undefined;
    const unpacked = path.join(work, "unpacked");
    if (spawnSync("dpkg", ["-x", deb, unpacked], { cwd: work }).status !== 0) return undefined;
    mkdirSync(cache, { recursive: true });
    copyFileSync(path.join(unpacked, "usr", "bin", "promtool"), cached);
    return existsSync(cached) ? cached : undefined;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const promtool =
  [process.env.PROMTOOL, "promtool", cached].find((command) => command && works(command)) ?? fromDebian();
if (!promtool) {
  console.error("No promtool here: install Prometheus's promtool, or set PROMTOOL to it.");
  process.exit(3);
}
const run = spawnSync(promtool, process.argv.slice(2), { stdio: "inherit" });
process.exit(run.status ?? 1);
