// The Chromium every tool here drives (browser tests, Lighthouse, the image renderer): Debian's,
// or the one CHROMIUM_PATH names. Without the networking flags it keeps trying to reach Google's
// hosts, which a machine with no internet refuses many times a second.
export const chromiumPath = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? "/usr/bin/chromium";

/** The one way this project installs it: Debian's package, never a downloaded browser build. */
export const chromiumInstallCommand = "sudo apt-get update && sudo apt-get install -y chromium";

export const chromiumFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
