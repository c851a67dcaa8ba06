// The first step of `npm test`: the browser tests need Chromium. When it is missing and this
// machine can install Debian's package (running as root, apt-get present), install it with a
// one-line notice; otherwise stop at once with the exact command to run. Never downloads a
// browser build: the only source is the machine's own package manager.
//
// Run: node scripts/ensure-chromium.mjs   (CHROMIUM_PATH names another Chromium)
import { spawnSync } from "node:child_process";
import { accessSync, constants, existsSync } from "node:fs";
import { chromiumInstallCommand as installCommand, chromiumPath } from "./chromium.mjs";

function runnable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function fail(message) {
  console.error(message);
  process.exit(1);
}

if (!runnable(chromiumPath)) {
  const named = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH;
  // A path someone chose is theirs to fix: installing Debian's package would not change it.
  if (named)
    fail(
      `No Chromium at CHROMIUM_PATH=${named}. Point it at a Chromium, or unset it and install Debian's: ${installCommand}`,
    );
  const canInstall = process.getuid?.() === 0 && existsSync("/usr/bin/apt-get");
  if (!canInstall)
    fail(
      `The browser tests need Chromium, and ${chromiumPath} is missing. Install Debian's package, then run the tests again:\n  ${installCommand}`,
    );

  console.log("Chromium is missing: installing Debian's chromium package for the browser tests (apt-get).");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [
    ["update", "-qq"],
    ["install", "-y", "-qq", "chromium"],
  ]) {
    // apt's own chatter is shown only when it fails.
    const result = spawnSync("apt-get", args, { env, stdio: ["ignore", "ignore", "pipe"], encoding: "utf8" });
    if (result.status !== 0)
      fail(
        `${result.stderr}\napt-get ${args.join(" ")} failed (exit ${result.status ?? result.signal}). Install it by hand: ${installCommand}`,
      );
  }
  if (!runnable(chromiumPath))
    fail(
      `apt-get installed chromium, but ${chromiumPath} is still missing. Set CHROMIUM_PATH to the installed browser.`,
    );
}
