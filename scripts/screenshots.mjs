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
//   npm run screenshots -- --content          instead, the editor's pages as docs/staff.md shows
//                                             them, at 1280 px in the light theme: the content list,
//                                             an item, a refused save, a draft's preview, the
//                                             notice when two people edit one item, the launch
//                                             checklist (docs/images/ holds these, made smaller
//                                             with `pngquant --quality 70-90` and `optipng`)
//
// The server is the one `npm start` runs, on a fresh SQLite file in a temporary folder, with
// `--reviews` sample reviews (default 24, none with --content) so the review pages show cards;
// nothing is written anywhere else.
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
      content: { type: "boolean" },
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
  if (values.content && (values.admin || values.routes || values.widths || values.themes || values["forced-colours"]))
    throw new Error("--content takes its own pages, width and theme; only --reviews and --out go with it");
  // The editor's pages show no reviews: none are seeded for them unless asked.
  const reviews = Number(values.reviews ?? (values.content ? 0 : 24));
  if (!Number.isInteger(reviews) || reviews < 0)
    throw new Error(`--reviews takes a whole number, got ${values.reviews}`);
  return {
    widths,
    themes,
    reviews,
    routes: values.routes?.split(","),
    admin: values.admin ?? false,
    content: values.content ?? false,
    forcedColours: values["forced-colours"] ?? false,
    out: path.resolve(values.out ?? path.join(root, "screenshots")),
  };
}

/** Opens `url`, checks it answered 200, and waits until React runs the page's forms. */
async function visit(page, url) {
  const response = await page.goto(url, { waitUntil: "load" });
  if (response?.status() !== 200) throw new Error(`${url} answered ${response?.status()}`);
  await page.locator("html[data-hydrated]").waitFor();
}

/**
 * The editor's day of docs/staff.md on the fresh site: the content list; the company's facts; a
 * save refused for its mistakes; a draft of the credit in its preview; the notice an editor gets
 * when an owner published the same item first; a draft's change that other items still write the
 * old way; the launch checklist as an owner sees it. Each
 * picture is the top of the page (or the one part it is about), not the whole page.
 */
async function captureContent(browser, site, out) {
  const viewport = { width: 1280, height: 800 };
  const signIn = async (who) => {
    const session = runSeeder("signInAsTestStaff", [site.databaseFile, who]);
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
    await context.addCookies([
      { name: "theme", value: "light", url: site.url },
      { name: session.name, value: session.value, url: site.url, httpOnly: true, sameSite: "Strict" },
    ]);
    return context.newPage();
  };
  const written = [];
  const shoot = async (target, name, options = {}) => {
    const file = path.join(out, `${name}.png`);
    await target.screenshot({ path: file, animations: "disabled", ...options });
    written.push(path.relative(root, file));
  };
  const editor = await signIn("editor");
  const owner = await signIn("owner");
  const company = `${site.url}/admin/content/company`;

  await visit(editor, `${site.url}/admin/content`);
  await shoot(editor, "content-list");
  await visit(editor, company);
  await shoot(editor, "content-item");

  // A day the office does not have, and the number to dial left empty: nothing is saved.
  await editor.getByRole("button", { name: "Add entry to Days the office is closed" }).click();
  await editor.getByLabel("Closed day 1").fill("2026-02-30");
  await editor.getByLabel("Phone, to dial").fill("");
  await editor.getByRole("button", { name: "Save draft" }).click();
  await editor.getByText("Nothing was saved").first().waitFor();
  await editor.evaluate(() => window.scrollTo(0, 0));
  await shoot(editor, "content-refused");
  await shoot(editor.getByRole("group", { name: "Days the office is closed" }), "content-field-error");

  await visit(editor, `${site.url}/admin/content/credit`);
  await editor.getByLabel("Credit text").fill("Website by Example Studio");
  await editor.getByRole("button", { name: "Save and preview" }).click();
  await editor.waitForURL("**/admin/content/credit/preview");
  await editor.getByText("Preview of a draft").waitFor();
  await shoot(editor, "content-preview");
  await shoot(editor.locator("footer"), "content-preview-footer");

  // Both open the company's facts; the owner publishes first, then the editor.
  await visit(editor, company);
  await visit(owner, company);
  await owner.getByLabel("Opening hours, short").fill("Mon–Fri 8–4 ET");
  await owner.getByRole("button", { name: "Publish" }).click();
  await owner.getByText("Published as version 2").waitFor();
  await editor.getByRole("button", { name: "Add entry to Days the office is closed" }).click();
  await editor.getByLabel("Closed day 1").fill("2026-12-24");
  await editor.getByRole("button", { name: "Publish" }).click();
  await editor.getByRole("heading", { name: /^Changed by/ }).waitFor();
  await editor.evaluate(() => window.scrollTo(0, 0));
  await shoot(editor, "content-conflict");

  // A draft of 45 days' guarantee: the other items that still write 30 days.
  await visit(editor, `${site.url}/admin/content/commitments`);
  await editor.getByLabel(/^Satisfaction guarantee \(days\)/).fill("45");
  await editor.getByRole("button", { name: "Save draft" }).click();
  const echoes = editor.getByRole("region", { name: "Your draft changes words other items also use" });
  await echoes.waitFor();
  await shoot(echoes, "content-echoes");

  await visit(owner, `${site.url}/admin/launch`);
  await shoot(owner, "launch-checklist");
  // The owner reviews the first claim, the tagline; the picture shows it beside those still waiting.
  await owner.getByLabel("Review note").first().fill("Checked against the wording the company approved (sample note).");
  await owner
    .getByRole("button", { name: /^Mark reviewed/ })
    .first()
    .click();
  await owner.getByText("Reviewed:").first().waitFor();
  const claims = await owner
    .locator("#claims-title")
    .evaluate((heading) => heading.getBoundingClientRect().top + window.scrollY);
  await shoot(owner, "launch-claims", {
    fullPage: true,
    clip: { x: 0, y: claims - 32, width: viewport.width, height: 540 },
  });
  await editor.context().close();
  await owner.context().close();
  return written;
}

async function main() {
  const args = readArgs(process.argv.slice(2));
  const routes = args.content ? [] : (args.routes ?? (await readSiteRoutes()));
  mkdirSync(args.out, { recursive: true });
  const site = await startSite({ reviews: args.reviews });
  // Staff pages: the tests' owner, signed in through the real sign-in, on sample leads.
  const staff = args.admin ? runSeeder("seedSampleLeads", [site.databaseFile]) : undefined;
  if (staff)
    routes.push("/admin/queue", `/admin/messages/${staff.waitingMessage}`, "/admin/replies", "/admin/templates");
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  const written = [];
  try {
    if (args.content) written.push(...(await captureContent(browser, site, args.out)));
    for (const theme of args.content ? [] : args.themes) {
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
