// `--only metrics|counting`: what a feature costs on the kept pages, switched off and on, and what
// nginx's view log costs.
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describeMachine, passFail, startSite, table, writeReport } from "../common.mjs";
import { wrkScript, coreTicks, atOnce } from "./wrk.mjs";
import { startDeployNginx, keptCopy } from "./servers.mjs";
import { runHeader } from "./report.mjs";
import { failures, clean, medianTurn, withTurns, median } from "./figures.mjs";

const switchTurns = 6;

/** The visitors' headers of the features measured below: a browser's, arriving from a search engine. */
const visitorHeaders = {
  "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Safari/537.36",
  Referer: "https://www.google.com/search?q=pressure+relief+cushion",
};

/** The features whose cost on the kept pages `--only` measures: each with the setting that turns it off and on. */
export const switches = {
  metrics: {
    what: "metrics",
    variable: "METRICS_TOKEN",
    off: () => ({ METRICS_TOKEN: "" }),
    on: () => ({ METRICS_TOKEN: randomToken() }),
    headers: {},
    paths: ["/testimonials", "/"],
    report: "throughput-metrics",
  },
  counting: {
    what: "visit counting",
    variable: "VISIT_COUNTS",
    off: () => ({ VISIT_COUNTS: "off", METRICS_TOKEN: "" }),
    on: () => ({ VISIT_COUNTS: "on", METRICS_TOKEN: "" }),
    // Every request a browser's, arriving from a search engine: each is counted as an entry.
    headers: visitorHeaders,
    // A prerendered page too: its file is answered fastest, so counting weighs most there.
    paths: ["/testimonials", "/", "/about"],
    // As deployed, nginx serves this page from disk and sends a copy of each request to an instance to be counted.
    fromNginx: "/about",
    report: "throughput-counting",
  },
};

/** The ratios of two servers loaded at once, turn by turn and their median, and the least busy share of their core. */
function pairFigures({ ratios, busy }) {
  const round = (x) => Math.round(x * 1000) / 1000;
  return {
    ratio: round(median(ratios)),
    turnRatios: ratios.map(round),
    coreBusy: busy.length ? round(Math.min(...busy)) : undefined,
  };
}

/** A row of a table of two servers loaded at once: their rates, the ratio of each turn, their latencies. */
function pairRow(urlPath, base, other, { ratio, turnRatios }) {
  return [
    `\`${urlPath}\``,
    withTurns(base),
    withTurns(other),
    `${ratio.toFixed(3)} ×`,
    turnRatios.map((x) => x.toFixed(3)).join(", "),
    `${base.latencyP50Ms} / ${base.latencyP99Ms}, ${other.latencyP50Ms} / ${other.latencyP99Ms}`,
  ];
}

/**
 * What a feature costs on the kept pages: two servers alike but for its setting, pinned to one
 * core and loaded at the same moment by two wrk processes, so each gets half the core and the
 * ratio of their rates is the ratio of their costs per request. Loading them one after the other
 * compares moments as well as servers: on a shared machine a core's speed drifts by ±10 % from one
 * run to the next, more than the few per cent measured here. The order the two are started in is
 * reversed every other turn; the busy share of their core says whether they were saturated (if
 * wrk could not keep up, both would answer all it sent and the ratio would read 1).
 */
export async function benchSwitch(options, started, feature) {
  const serverCpu = options.pin.pinned ? options.pin.server : undefined;
  // The instance that counts also reads the views nginx logs, as one instance does when deployed.
  const logDir = feature.fromNginx ? mkdtempSync(path.join(os.tmpdir(), "aquila-bench-views-")) : undefined;
  const viewLog = logDir && path.join(logDir, "views.log");
  const off = await startSite({ reviews: options.reviews, cpu: serverCpu, env: feature.off() });
  const on = await startSite({
    reviews: options.reviews,
    cpu: serverCpu,
    env: { ...feature.on(), ...(viewLog ? { VIEW_LOG: viewLog } : {}) },
  });
  const paths = feature.paths;
  const runs = Object.fromEntries(paths.map((urlPath) => [urlPath, { on: [], off: [], ratios: [], busy: [] }]));
  const script = wrkScript({ headers: feature.headers });
  let nginxLog;
  try {
    for (const urlPath of paths) {
      await keptCopy(off.url, urlPath);
      await keptCopy(on.url, urlPath);
    }
    const together = async (urlPath, seconds, turn) => {
      const [offRun, onRun] = await atOnce(
        options,
        script.file,
        [`${off.url}${urlPath}`, `${on.url}${urlPath}`],
        seconds,
        turn,
      );
      off.check();
      on.check();
      return { off: offRun, on: onRun };
    };
    for (let turn = 0; turn < switchTurns; turn++)
      for (const urlPath of paths) {
        if (options.warmup > 0) await together(urlPath, options.warmup, turn);
        console.log(`${urlPath} kept, ${feature.what} off and on at once (turn ${turn + 1}): ${options.duration} s`);
        const before = coreTicks(options.pin);
        const both = await together(urlPath, options.duration, turn);
        const after = coreTicks(options.pin);
        const run = runs[urlPath];
        run.off.push(both.off);
        run.on.push(both.on);
        run.ratios.push(both.on.requestsPerSec / both.off.requestsPerSec);
        if (before && after) run.busy.push((after.busy - before.busy) / (after.total - before.total));
      }
    if (feature.fromNginx) nginxLog = await benchViewLog(options, feature, on, viewLog, script.file);
  } finally {
    if (logDir) rmSync(logDir, { recursive: true, force: true });
    script.remove();
    await off.stop();
    await on.stop();
  }
  const results = paths.map((urlPath) => {
    const run = runs[urlPath];
    return {
      path: urlPath,
      off: medianTurn(run.off),
      on: medianTurn(run.on),
      ...pairFigures(run),
    };
  });
  const measured = [...results, ...(nginxLog ? [{ ...nginxLog, path: `${nginxLog.path} from nginx` }] : [])];
  const saturated = measured.every((r) => r.coreBusy === undefined || r.coreBusy >= 0.98);
  const targets = [
    ...results.map((r) => ({
      name: `kept \`${r.path}\` with ${feature.what} on: ≥ 0.97 × its rate with it off`,
      ok: r.ratio >= 0.97,
      actual: `median of the turns' on / off: ${r.ratio.toFixed(3)} ×`,
    })),
    {
      name: "the servers' core busy ≥ 98 % of every measured run (else wrk, not the servers, set the pace)",
      ok: saturated,
      actual: measured
        .map((r) => `${r.path}: ${r.coreBusy === undefined ? "not measured" : `${(r.coreBusy * 100).toFixed(1)} %`}`)
        .join("; "),
    },
    ...(nginxLog
      ? [
          {
            name: `\`${nginxLog.path}\` from nginx, logging each view for an instance to count: ≥ ${nginxViewLogFloor} × its rate without`,
            ok: nginxLog.ratio >= nginxViewLogFloor,
            actual: `median of the turns' with / without: ${nginxLog.ratio.toFixed(3)} ×`,
          },
        ]
      : []),
    {
      name: "no errors, timeouts or non-2xx answers to wrk",
      ok:
        results.every((r) => clean(r.on) && clean(r.off)) &&
        (!nginxLog || (clean(nginxLog.with) && clean(nginxLog.without))),
      actual: [
        ...results.map((r) => `${r.path}: ${failures(r.on)} on, ${failures(r.off)} off`),
        ...(nginxLog
          ? [`nginx: ${failures(nginxLog.with)} with its view log, ${failures(nginxLog.without)} without`]
          : []),
      ].join("; "),
    },
  ].map((t) => ({ ...t, result: passFail(t.ok) }));
  const data = {
    ...runHeader(options, options.wrkVersion, options.pin),
    seconds: Math.round((Date.now() - started) / 1000),
    [feature === switches.metrics ? "metrics" : "counting"]: results,
    ...(nginxLog ? { nginxViewLog: nginxLog } : {}),
    targets,
  };
  const text = [
    `Run on ${data.machine.date.slice(0, 10)}: ${describeMachine(data.machine)}; wrk ${data.wrkVersion}. Command: \`${data.command}\`. ${data.pinning}. Two servers alike but for \`${feature.variable}\` share that one core and are loaded at the same moment, each by its own wrk (one thread, ${data.settings.connections} connections, ${data.settings.warmupSeconds} s warm-up, ${data.settings.durationSeconds} s measured), in ${switchTurns} turns, the order they are started in reversed every other turn: each server gets half the core, so the ratio of their rates is the ratio of their costs per request, and a drift of the machine's speed slows both alike.${feature.headers["User-Agent"] ? " Every request is a browser's arriving from a search engine, so each one is counted as an entry." : ""}`,
    "",
    table(
      [
        "Kept page",
        `${feature.what} off: req/s`,
        `${feature.what} on: req/s`,
        "On / off (median turn)",
        "On / off, each turn",
        "p50 / p99 ms off, on",
      ],
      results.map((r) => pairRow(r.path, r.off, r.on, r)),
    ),
    ...(nginxLog
      ? [
          "",
          `As deployed, nginx serves \`${nginxLog.path}\` from disk and logs each view to a file that one instance reads and counts (deploy/nginx.conf, build/nginx/views.conf). Two nginx (one worker each, deploy/nginx.conf as shipped, one without the view log) and the instance that reads the log share the servers' core, loaded at the same moment in ${nginxLog.turns} turns, the order reversed every other turn:`,
          "",
          table(
            [
              "Prerendered page",
              "From nginx, no view log: req/s",
              "With its view log: req/s",
              "With / without (median turn)",
              "With / without, each turn",
              "p50 / p99 ms without, with",
            ],
            [pairRow(nginxLog.path, nginxLog.without, nginxLog.with, nginxLog)],
          ),
        ]
      : []),
    "",
    "Targets:",
    "",
    ...targets.map((t) => `- ${t.result}: ${t.name} (${t.actual})`),
  ].join("\n");
  console.log(`\n${text}\n`);
  writeReport(feature.report, data, text);
  return data;
}

const viewLogTurns = 4;

/**
 * What counting may cost nginx on a page it serves from disk. nginx spends about 15 µs of a core
 * on such a request; the least it can do per view, one buffered log line, is already about 5 % of
 * that, and deciding what is a view (the rules of build/nginx/views.conf) about as much again. The
 * 3 % asked of the instances (the kept pages above) cannot hold here; this floor says when the
 * rules have grown costly (isbot's whole pattern on every request read 0.36 ×).
 */
const nginxViewLogFloor = 0.85;

/**
 * What counting the views of a page nginx serves from disk costs: nginx as deployed, with and
 * without its view log, pinned with the instance `site` that reads the log to the one core, and
 * loaded at the same moment as in benchSwitch.
 */
async function benchViewLog(options, feature, site, viewLog, script) {
  const withLog = await startDeployNginx({ pin: options.pin, appPort: site.port, viewLog });
  const without = await startDeployNginx({ pin: options.pin, appPort: site.port, viewLog: false });
  /** @type {{ with: any[], without: any[], ratios: number[], busy: number[] }} */
  const runs = { with: [], without: [], ratios: [], busy: [] };
  try {
    const together = async (seconds, turn) => {
      const urls = [without, withLog].map((nginx) => `${nginx.url}${feature.fromNginx}`);
      const [withoutRun, withRun] = await atOnce(options, script, urls, seconds, turn);
      site.check();
      return { without: withoutRun, with: withRun };
    };
    for (let turn = 0; turn < viewLogTurns; turn++) {
      if (options.warmup > 0) await together(options.warmup, turn);
      console.log(`${feature.fromNginx} from nginx, with and without its view log at once (turn ${turn + 1})`);
      const before = coreTicks(options.pin);
      const both = await together(options.duration, turn);
      const after = coreTicks(options.pin);
      runs.with.push(both.with);
      runs.without.push(both.without);
      runs.ratios.push(both.with.requestsPerSec / both.without.requestsPerSec);
      if (before && after) runs.busy.push((after.busy - before.busy) / (after.total - before.total));
    }
  } finally {
    await withLog.stop();
    await without.stop();
  }
  return {
    path: feature.fromNginx,
    turns: viewLogTurns,
    with: medianTurn(runs.with),
    without: medianTurn(runs.without),
    ...pairFigures(runs),
  };
}

function randomToken() {
  return createHash("sha256").update(`${process.pid}-${Date.now()}-${Math.random()}`).digest("hex");
}
