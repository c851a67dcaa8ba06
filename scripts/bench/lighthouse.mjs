// `npm run bench:lighthouse`: Lighthouse (mobile, its default configuration) on every public page.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { chromiumFlags, chromiumPath } from "../chromium.mjs";
import {
  describeMachine,
  machine,
  onCleanup,
  passFail,
  readOptions,
  readExamplePages,
  readSiteRoutes,
  runAsMain,
  startSite,
  table,
  writeReport,
} from "./common.mjs";

const categories = ["performance", "accessibility", "best-practices", "seo"];
const chromeFlags = ["--headless=new", ...chromiumFlags];

/** One Lighthouse run in a Chromium of its own. */
async function audit(url) {
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags, logLevel: "silent" });
  const unregister = onCleanup(() => chrome.kill());
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: categories,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError)
      throw new Error(`Lighthouse could not load ${url}: ${result.lhr.runtimeError.message}`);
    return result.lhr;
  } finally {
    unregister();
    await chrome.kill();
  }
}

function summarize(route, lhr, runs) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const requests = lhr.audits["network-requests"]?.details?.items ?? [];
  const scriptBytes = requests
    .filter((item) => item.resourceType === "Script")
    .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  return {
    route,
    scores: {
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
    },
    lcpMs: Math.round(lhr.audits["largest-contentful-paint"].numericValue),
    tbtMs: Math.round(lhr.audits["total-blocking-time"].numericValue),
    cls: Math.round(lhr.audits["cumulative-layout-shift"].numericValue * 1000) / 1000,
    fcpMs: Math.round(lhr.audits["first-contentful-paint"].numericValue),
    scriptTransferBytes: scriptBytes,
    scriptRequests: requests.filter((item) => item.resourceType === "Script").length,
    fontTransferBytes: requests
      .filter((item) => item.resourceType === "Font")
      .reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    totalTransferBytes: Math.round(lhr.audits["total-byte-weight"].numericValue),
    performanceScoresOfAllRuns: runs.map((run) => Math.round((run.categories.performance?.score ?? 0) * 100)),
    failedAudits: Object.values(lhr.categories).flatMap((category) =>
      category.auditRefs
        .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 1)
        .map((ref) => `${category.id}: ${ref.id}`),
    ),
    warnings: lhr.runWarnings,
  };
}

/**
 * The compressed size of the scripts a run loaded, bodies only: each fetched again as a browser
 * asks for it (brotli), without the response headers that Lighthouse's transfer size includes.
 */
async function compressedBytes(lhr) {
  const requests = lhr.audits["network-requests"]?.details?.items ?? [];
  let total = 0;
  for (const { url } of requests.filter((item) => item.resourceType === "Script")) {
    // fetch decompresses the body it hands over; Content-Length is the size sent.
    const response = await globalThis.fetch(url, { headers: { "Accept-Encoding": "br, gzip" } });
    await response.arrayBuffer();
    const length = Number(response.headers.get("content-length"));
    if (!response.ok || !Number.isInteger(length) || length <= 0)
      throw new Error(`No compressed size for ${url} (${response.status})`);
    total += length;
  }
  return total;
}

const kb = (bytes) => (bytes / 1024).toFixed(1);

function markdown(data) {
  const rows = data.routes.map((r) => [
    `\`${r.route}\``,
    r.scores.performance,
    r.scores.accessibility,
    r.scores.bestPractices,
    r.scores.seo,
    `${(r.lcpMs / 1000).toFixed(2)} s`,
    `${r.tbtMs} ms`,
    r.cls.toFixed(3),
    kb(r.scriptCompressedBytes ?? 0),
    kb(r.scriptTransferBytes),
    kb(r.fontTransferBytes ?? 0),
    kb(r.totalTransferBytes),
  ]);
  const below = data.routes
    .map((r) => {
      const low = Object.entries(r.scores).filter(([, value]) => value < 100);
      return low.length ? `\`${r.route}\` (${low.map(([name, value]) => `${name} ${value}`).join(", ")})` : undefined;
    })
    .filter(Boolean);
  // The median hides how much single runs moved; a page that scored lower in any run is listed.
  const varied = data.routes
    .filter((r) => r.performanceScoresOfAllRuns.some((score) => score !== r.scores.performance))
    .map((r) => `\`${r.route}\` ${r.performanceScoresOfAllRuns.join(", ")}`);
  return [
    `Run on ${data.machine.date.slice(0, 10)}: ${describeMachine(data.machine)}; Lighthouse ${data.lighthouseVersion}.`,
    "",
    `Lighthouse's default configuration: mobile, simulated throttling (slow 4G, 4× CPU slowdown). ${data.runsPerRoute} run${data.runsPerRoute === 1 ? "" : "s"} per page, each in a fresh headless Chromium; the table shows the median run as Lighthouse chooses it (by first contentful paint and time to interactive). Default theme, no cookies, ${data.reviews.toLocaleString("en")} published reviews in the database.`,
    "",
    table(
      [
        "Route",
        "Performance",
        "Accessibility",
        "Best practices",
        "SEO",
        "LCP",
        "TBT",
        "CLS",
        "JS (KB compressed)",
        "JS with headers (KB transferred)",
        "Fonts (KB)",
        "Page weight (KB transferred)",
      ],
      rows,
    ),
    "",
    below.length ? `Below 100 in a category: ${below.join("; ")}.` : "All pages score 100 in all four categories.",
    "",
    jsTarget(data.routes),
    ...(varied.length ? ["", `Single runs vary: performance in each run was ${varied.join("; ")}.`] : []),
    ...(data.retries.length
      ? [
          "",
          `${data.retries.length} run${data.retries.length === 1 ? " was" : "s were"} repeated because Lighthouse could not load or trace the page: ${data.retries.map((r) => `\`${r.route}\` run ${r.run}`).join(", ")} (the messages are in benchmarks.json).`,
        ]
      : []),
  ].join("\n");
}

/** The JavaScript budget: what a public page may load, compressed (the scripts' bodies). */
const maxScriptKb = 120;

function jsTarget(routes) {
  const over = routes.filter((r) => r.scriptCompressedBytes / 1024 > maxScriptKb);
  const largest = [...routes].sort((a, b) => b.scriptCompressedBytes - a.scriptCompressedBytes)[0];
  const actual = over.length
    ? `over: ${over.map((r) => `\`${r.route}\` ${kb(r.scriptCompressedBytes)} KB`).join(", ")}`
    : `largest \`${largest?.route}\` ${kb(largest?.scriptCompressedBytes ?? 0)} KB`;
  const overWithHeaders = routes.filter((r) => r.scriptTransferBytes / 1024 > maxScriptKb);
  const withHeaders = overWithHeaders.length
    ? `Counted with each response's headers (the full security header set on every file, docs/decisions/002), as Lighthouse's transfer size does, ${overWithHeaders.map((r) => `\`${r.route}\` ${kb(r.scriptTransferBytes)} KB`).join(", ")} ${overWithHeaders.length === 1 ? "is" : "are"} over it.`
    : "Counted with each response's headers, as Lighthouse's transfer size does, every page is within it too.";
  return `Target: ${passFail(over.length === 0)}: no public page loads more than ${maxScriptKb} KB of compressed JavaScript (${actual}). ${withHeaders}`;
}

export async function benchLighthouse(options = readOptions()) {
  if (options.only !== undefined)
    throw new Error("--only names a case of the throughput benchmark; Lighthouse runs every public page");
  const started = Date.now();
  // A route with a parameter (a guide's page) is measured at its example address.
  const routes = [...(await readSiteRoutes()), ...(await readExamplePages())];
  const site = await startSite({ reviews: options.reviews });
  const results = [];
  const retries = [];
  let lighthouseVersion = "unknown";
  try {
    for (const route of routes) {
      const runs = [];
      for (let i = 0; i < options.runs; i++) {
        console.log(`Lighthouse ${route} (run ${i + 1} of ${options.runs})`);
        // A run that fails to load or trace the page is repeated (Lighthouse's own advice), at most twice.
        for (let attempt = 1; ; attempt++) {
          try {
            runs.push(await audit(`${site.url}${route}`));
            break;
          } catch (error) {
            site.check();
            if (attempt > 2) throw error;
            const retry = { route, run: i + 1, error: error instanceof Error ? error.message : String(error) };
            retries.push(retry);
            console.warn(`Repeating the run: ${retry.error}`);
          }
        }
      }
      site.check();
      const median = computeMedianRun(runs);
      lighthouseVersion = median.lighthouseVersion;
      const summary = summarize(route, median, runs);
      summary.scriptCompressedBytes = await compressedBytes(median);
      results.push(summary);
    }
  } finally {
    await site.stop();
  }
  const data = {
    machine: machine(),
    lighthouseVersion,
    configuration: "default (mobile, simulated throttling)",
    runsPerRoute: options.runs,
    reviews: options.reviews,
    seconds: Math.round((Date.now() - started) / 1000),
    retries,
    routes: results,
  };
  const text = markdown(data);
  console.log(`\n${text}\n`);
  writeReport("lighthouse", data, text);
  return data;
}

runAsMain(import.meta.url, () => benchLighthouse());
