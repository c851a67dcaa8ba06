// The Chromium every tool here drives (Lighthouse, the screenshots, the image renderer): Debian's,
// or the one CHROMIUM_PATH names. Without the networking flags it keeps trying to reach Google's
// hosts, which a machine with no internet refuses many times a second.
export const chromiumPath = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? "/usr/bin/chromium";

/**
 * The browser tests' Chromium: Debian's headless build of the same Chromium (package
 * `chromium-headless-shell`, the same version from the same source), without the window, the
 * browser's own interface and their compositing. It draws and runs the pages as Chromium does and
 * takes half the processor time of the whole browser for the same tests (decision 032), which on
 * a two-core machine is minutes of `npm test`. The tools that stand in for a visitor's browser
 * (Lighthouse, the screenshots, the image renderer) keep the whole one. CHROMIUM_PATH names
 * another for both.
 */
export const testChromiumPath =
  process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? "/usr/bin/chromium-headless-shell";

/** The one way this project installs them: Debian's packages, never a downloaded browser build. */
export const chromiumPackages = ["chromium", "chromium-headless-shell"];
export const chromiumInstallCommand = `sudo apt-get update && sudo apt-get install -y ${chromiumPackages.join(" ")}`;

export const chromiumFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
