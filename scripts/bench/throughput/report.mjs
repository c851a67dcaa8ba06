// The throughput report: the figures summed up, and docs/benchmarks.md's section.
import { describeMachine, machine, table } from "../common.mjs";
import { acceptEncoding } from "./wrk.mjs";
import { pairTurns } from "./servers.mjs";
import { firstWarmupSeconds } from "./growth.mjs";
import { failures, ratio, fmt, spread, withTurns } from "./figures.mjs";

/** The widest gap between the fastest and the slowest turn of one route at one level, in %. */
function turnVariation(growth) {
  return Math.max(...growth.levels.flatMap((level) => Object.values(level.results).map((r) => spread(r.turns))));
}

export function markdown(data) {
  const { cases, growth, targets } = data;
  const nginxPage = cases.page.nginx.requestsPerSec;
  const staticRows = ["page", "asset", "keptTestimonials", "keptHome"].map((key) => {
    const c = cases[key];
    return [
      c.label,
      withTurns(c.node),
      withTurns(c.nginx),
      c.ratio.toFixed(2),
      withTurns(c.bare),
      c.bareRatio.toFixed(2),
      `${c.node.latencyP50Ms} / ${c.node.latencyP99Ms}`,
      `${c.nginx.latencyP50Ms} / ${c.nginx.latencyP99Ms}`,
      `${failures(c.node)} / ${failures(c.nginx)} / ${failures(c.bare)}`,
    ];
  });
  const nodeRows = ["apiPost"].map((key) => {
    const c = cases[key];
    return [c.label, fmt(c.node.requestsPerSec), c.node.latencyP50Ms, c.node.latencyP99Ms, failures(c.node)];
  });
  const growthRows = growth.routes.map((route) => [
    `\`${route.label}\`${route.note ? ` (${route.note})` : ""}`,
    ...growth.levels.map((level) => {
      const r = level.results[route.key];
      return `${withTurns(r)}; ${r.latencyP50Ms} / ${r.latencyP99Ms}`;
    }),
    `${spread(growth.levels.map((level) => level.results[route.key].requestsPerSec))} %`,
  ]);
  const warnings = data.checks.filter((check) => !check.ok);
  return [
    `Run on ${data.machine.date.slice(0, 10)}: ${describeMachine(data.machine)}; wrk ${data.wrkVersion}. Command: \`${data.command}\`.`,
    "",
    `Load from wrk (one thread, ${data.settings.connections} connections, ${data.settings.warmupSeconds} s warm-up not counted, then ${data.settings.durationSeconds} s measured; the data-growth servers, one per level, each run each route for ${firstWarmupSeconds} s, not counted, and are then measured in ${growth.turns} turns of ${growth.turnSeconds} s per route, after the same warm-up); ${data.pinning}. Every request carries \`Accept-Encoding: gzip\`: both servers send the precompressed \`.gz\` file for the static cases, and Node compresses what it renders (a page it keeps is compressed once). nginx is Debian's, with a generated configuration that sends the same files with the same headers. The database is SQLite. Latency p50 / p99 in ms.`,
    "",
    ...(warnings.length
      ? [
          `**Warning:** the servers did not all send the same response for ${warnings.map((w) => `\`${w.path}\``).join(", ")}; see benchmarks.json.`,
          "",
        ]
      : [
          `Before measuring, the three servers answered 200 with the same bodies, form tickets aside (${data.checks.map((c) => `\`${c.path}\`: ${fmt(c.node.bodyBytes)} bytes gzip`).join(", ")}).`,
          "",
        ]),
    `Static files and kept pages, Node next to nginx sending the same bytes with the same headers, and next to a bare Node server (scripts/bench/bare-node.mjs: Node's HTTP server answering each path with the site's own headers and bytes, and nothing else), each measured in ${pairTurns} turns (their order reversed every other turn) and shown by its median turn, with the range of its turns in brackets:`,
    "",
    table(
      [
        "Case",
        "Node req/s",
        "nginx req/s",
        "Node / nginx",
        "Bare Node req/s",
        "Node / bare Node",
        "Node p50 / p99",
        "nginx p50 / p99",
        "Errors, timeouts, non-2xx (Node / nginx / bare)",
      ],
      staticRows,
    ),
    "",
    `For the prerendered page, a bare \`node:http\` server doing nothing but answering reached ${ratio(cases.page.bare.requestsPerSec, nginxPage).toFixed(2)} × nginx's rate here, and the site ${cases.page.bareRatio.toFixed(2)} × the bare server's. The hashed asset is ${fmt(Math.round(data.checks.find((c) => c.path === cases.asset.path).node.bodyBytes / 1024))} KB gzip: at these rates ${(cases.asset.node.bytesPerSec / 1e9).toFixed(1)} to ${(Math.max(cases.asset.nginx.bytesPerSec, cases.asset.bare.bytesPerSec) / 1e9).toFixed(1)} GB/s cross the loopback, so its row may measure the copying of bytes (wrk's and the kernel's) more than the servers.`,
    "",
    `Node only, as shipped (${fmt(data.reviews)} published reviews):`,
    "",
    table(["Case", "req/s", "p50", "p99", "Errors, timeouts, non-2xx"], nodeRows),
    "",
    `The POST case stored ${fmt(cases.apiPost.stored)} reviews (warm-up included), counted in the database.`,
    "",
    "Rendered on every request (`PAGE_CACHE=off`) as the published reviews grow: a server and a database per level, measured in turns; within a turn each route runs on the three servers back to back, in an order that alternates from route to route and from turn to turn. req/s of each route's median turn with the range of its turns in brackets, then that turn's p50 / p99 ms. Pages are named by a cursor (decision 019): `?before=(middle)` is the page just older than the review in the middle of all of them, as far from both ends as a page can be; `?page=oldest` is the last page. The 404 page is counted as answered when it answers 404.",
    "",
    table(
      ["Route", ...growth.levels.map((level) => `${fmt(level.reviews)} reviews`), "Spread (fastest / slowest − 1)"],
      growthRows,
    ),
    "",
    ...renderCost(growth),
    "",
    "How to read the p99 of a rendered route: each measured run opens its 20 connections anew. While the server is saturated, Node (here with libuv 1.46, which stopped accepting connections in a loop) accepts one new connection per turn of its event loop, and each turn first answers every connection already open; so the k-th new connection's first request waits about k turns of k renders each. At 100 renders a second the last of the 20 waits about 2 s, and those 20 first answers, 2 % of a 10 s run, are its p99; at 500 a second they would be 0.4 % of the run and below it. Behind nginx, which keeps its connections to Node open (deploy/nginx.conf), visitors do not meet this.",
    "",
    `Between the turns of one route at one level, the rate varied by up to ${turnVariation(growth)} % in this run: a spread between levels narrower than that is the machine's drift as much as the data's cost. Whether a page's reads grow with the reviews is tested apart from speed: app/features/reviews/review-pages.server.test.ts reads their query plans on both databases.`,
    "",
    `The render targets are absolute figures, so they depend on the machine; the rates of nginx and of the bare Node server for the prerendered page above (${fmt(nginxPage)} and ${fmt(cases.page.bare.requestsPerSec)} req/s) say how fast this one was.`,
    "",
    "Targets:",
    "",
    ...targets.map((t) => `- ${t.result}: ${t.name} (${t.actual})`),
  ].join("\n");
}

/**
 * What one request costs at 10,000 reviews, from the growth case's rates: the server has one core,
 * so a rate of r answers a second is 1 / r seconds of work each.
 */
function renderCost(growth) {
  const at = growth.levels.find((level) => level.reviews === 10_000)?.results;
  if (!at?.data || !at.shell) return [];
  const ms = (key) => `${(1000 / at[key].requestsPerSec).toFixed(1)} ms`;
  return [
    `Where the time of a rendered \`/testimonials\` goes, at 10,000 reviews (the server has one core, so 1 / rate is the work of one request): the page takes ${ms("testimonials")}; its data alone, with no render (\`/testimonials.data\`: the root and page loaders, React Router's encoding of their data, and the same HTTP, Express and gzip work as a page) ${ms("data")}; a document with none of the page's content (the 404 page: the root loader, the head, the header, the footer and the scripts, rendered by the same React Router and React) ${ms("shell")}. The target of 500 req/s allows 2 ms for all of it.`,
  ];
}

/** What every throughput report states about its run: the machine, the command, the pinning and the settings. */
export function runHeader(options, wrkVersion, pin) {
  return {
    machine: machine(),
    wrkVersion,
    command: `npm run bench:throughput${process.argv.slice(2).length ? ` -- ${process.argv.slice(2).join(" ")}` : ""}`,
    pinning: pin.text,
    settings: {
      connections: options.connections,
      durationSeconds: options.duration,
      warmupSeconds: options.warmup,
      acceptEncoding,
      database: "sqlite",
    },
    reviews: options.reviews,
  };
}
