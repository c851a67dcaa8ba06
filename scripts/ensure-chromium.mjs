// The first step of `npm test`: the tests need Chromium, whole (the screenshots script's test) and
// headless (the browser tests; scripts/chromium.mjs says why). When either is missing and this
// machine can install Debian's packages (running as root, apt-get present), install them with a
// one-line notice; otherwise stop at once with the exact command to run. Never downloads a
// browser build: the only source is the machine's own package manager.
//
// Run: node scripts/ensure-chromium.mjs   (CHROMIUM_PATH names another Chromium for both)
import { spawnSync } from "node:child_process";
import { accessSync, constants, existsSync } from "node:fs";
import {
  chromiumPackages,
  chromiumPath,
  chromiumInstallCommand as installCommand,
  testChromiumPath,
} from "./chromium.mjs";

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

const missing = () => [chromiumPath, testChromiumPath].filter((file) => !runnable(file));

if (missing().length > 0) {
  const named = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH;
  // A path someone chose is theirs to fix: installing Debian's package would not change it.
  if (named)
    fail(
      `No Chromium at CHROMIUM_PATH=${named}. Point it at a Chromium, or unset it and install Debian's: ${installCommand}`,
    );
  const canInstall = process.getuid?.() === 0 && existsSync("/usr/bin/apt-get");
  if (!canInstall)
    fail(
      `The tests need Chromium, and ${missing().join(" and ")} ${missing().length > 1 ? "are" : "is"} missing. Install Debian's packages, then run the tests again:\n  ${installCommand}`,
    );

  console.log(
    `Chromium is missing: installing Debian's ${chromiumPackages.join(" and ")} packages for the tests (apt-get).`,
  );
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [
    ["update", "-qq"],
    ["install", "-y", "-qq", ...chromiumPackages],
  ]) {
    // apt's own chatter is shown only when it fails.
    const result = spawnSync("apt-get", args, { env, stdio: ["ignore", "ignore", "pipe"], encoding: "utf8" });
    if (result.status !== 0)
      fail(
        `${result.stderr}\napt-get ${args.join(" ")} failed (exit ${result.status ?? result.signal}). Install them by hand: ${installCommand}`,
      );
  }
  if (missing().length > 0)
    fail(
      `apt-get installed ${chromiumPackages.join(" and ")}, but ${missing().join(" and ")} is still missing. Set CHROMIUM_PATH to an installed Chromium.`,
    );
}
