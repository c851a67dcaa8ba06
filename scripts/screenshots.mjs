// `npm run screenshots`: full-page PNGs of every public page of the production build, at a phone
// and a desktop width, in the light and the dark theme, written to screenshots/ (ignored by git).
//
//   npm run screenshots                       every page, 375 and 1280 px, both themes
//   npm run screenshots -- --widths 320,375   other widths
//   npm run screenshots -- --routes /,/order  some pages only
//   npm run screenshots -- --out DIR          another folder than screenshots/
//   npm run screenshots -- --forced-colours   as Windows' high-contrast mode draws them
//                                             (file names end in -forced)
//   npm run screenshots -- --admin            also the staff pages of a sample day's work:
//                                             today's work, a waiting message, reply times,
//                                             signed in as the tests' owner, with sample leads
//                                             (so /contact shows its response figures)
//
// The server is the one `npm start` runs, on a fresh SQLite file in a temporary folder, with
// `--reviews` sample reviews (default 24) so the review pages show cards; nothing is written
// anywhere else.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { readSiteRoutes, root, runAsMain, runSeeder, startSite } from "./bench/common.mjs";
import { chromiumFlags, chromiumPath } from "./chromium.mjs";

/* global document, window -- the functions given to page.evaluate run in the browser */

/** "/" → "home", "/user-manuals" → "user-manuals", "/admin/messages/<id>" → "admin-message". */
function slugOf(route) {
  if (/^\/admin\/messages\/./.test(route)) return "admin-message";
  return route === "/" ? "home" : route.replace(/^\//, "").replaceAll("/", "-");
}

function readArgs(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      widths: { type: "string" },
      routes: { type: "string" },
      themes: { type: "string" },
      reviews: { type: "string" },
      out: { type: "string" },
      admin: { type: "boolean" },
      "forced-colours": { type: "boolean" },
    },
    strict: true,
  });
  const widths = (values.widths ?? "375,1280").split(",").map(Number);
  if (widths.some((w) => !Number.isInteger(w) || w < 200))
    throw new Error(`--widths takes whole pixel widths, got ${values.widths}`);
  const themes = (values.themes ?? "light,dark").split(",");
  if (themes.some((t) => t !== "light" && t !== "dark"))
    throw new Error(`--themes takes light and/or dark, got ${values.themes}`);
  const reviews = Number(values.reviews ?? 24);
  if (!Number.isInteger(reviews) || reviews < 0)
    throw new Error(`--reviews takes a whole number, got ${values.reviews}`);
  return {
    widths,
    themes,
    reviews,
    routes: values.routes?.split(","),
    admin: values.admin ?? false,
    forcedColours: values["forced-colours"] ?? false,
    out: path.resolve(values.out ?? path.join(root, "screenshots")),
  };
}

async function main() {
  const args = readArgs(process.argv.slice(2));
  const routes = args.routes ?? (await readSiteRoutes());
  mkdirSync(args.out, { recursive: true });
  const site = await startSite({ reviews: args.reviews });
  // Staff pages: the tests' owner, signed in through the real sign-in, on sample leads.
  const staff = args.admin ? runSeeder("seedSampleLeads", [site.databaseFile]) : undefined;
  if (staff)
    routes.push("/admin/queue", `/admin/messages/${staff.waitingMessage}`, "/admin/replies", "/admin/templates");
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  const written = [];
  try {
    for (const theme of args.themes) {
      for (const width of args.widths) {
        const context = await browser.newContext({
          viewport: { width, height: width < 768 ? 812 : 900 },
          deviceScaleFactor: 1,
          forcedColors: args.forcedColours ? "active" : "none",
        });
        await context.addCookies([{ name: "theme", value: theme, url: site.url }]);
        if (staff)
          await context.addCookies([
            { name: staff.session.name, value: staff.session.value, url: site.url, httpOnly: true, sameSite: "Strict" },
          ]);
        const page = await context.newPage();
        for (const route of routes) {
          const response = await page.goto(`${site.url}${route}`, { waitUntil: "load" });
          if (response?.status() !== 200) throw new Error(`${route} answered ${response?.status()}`);
          // A full-page picture shows every image: the lazy ones are asked for now, and awaited (at most 5 s).
          await page.evaluate(async () => {
            for (const image of document.querySelectorAll("img[loading=lazy]")) {
              /** @type {HTMLImageElement} */ (image).loading = "eager";
            }
            const loaded = Promise.all([...document.images].map((image) => image.decode().catch(() => undefined)));
            await Promise.race([loaded, new Promise((resolve) => window.setTimeout(resolve, 5000))]);
            await document.fonts.ready;
          });
          const file = path.join(
            args.out,
            `${slugOf(route)}-${width}-${theme}${args.forcedColours ? "-forced" : ""}.png`,
          );
          await page.screenshot({ path: file, fullPage: true, animations: "disabled" });
          written.push(path.relative(root, file));
        }
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await site.stop();
  }
  console.log(`Wrote ${written.length} screenshots to ${args.out}:`);
  for (const file of written) console.log(`  ${file}`);
}

runAsMain(import.meta.url, main);
