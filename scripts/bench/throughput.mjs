// `npm run bench:throughput`: requests per second and latency of the Node server under wrk, next
// to nginx on the same bytes, and what a render costs as the number of reviews grows.
import { Buffer } from "node:buffer";
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { gunzipSync } from "node:zlib";
import Database from "../../db/sqlite-driver.mjs";
import { importSource } from "../import-source.mjs";
import { deployNginxConfig, nginxTempPaths } from "../nginx-deploy-config.mjs";
import {
  buildDir,
  countReviews,
  describeMachine,
  freePort,
  machine,
  nginxPath,
  passFail,
  readOptions,
  root,
  runAsMain,
  startSite,
  stopper,
  table,
  writeReport,
} from "./common.mjs";

// Both servers answer from their precompressed .gz files; nginx here has no brotli.
const acceptEncoding = "gzip";
const review = JSON.stringify({
  name: "Bench",
  email: "bench@example.com",
  rating: 9,
  quote: "A bench review of the cushion.",
  tags: [],
});
/** The published reviews of the data-growth case: a render should cost the same at each. */
const growthLevels = [100, 10_000, 100_000];
/** Seconds each rendered route runs, not counted, on each growth server before the first turn. */
const firstWarmupSeconds = 5;
/** Turns of Node and nginx on the same bytes (each side's median turn is reported). */
const pairTurns = 3;
/** Turns over the growth servers, and the seconds each route is measured in a turn. */
const growthTurns = 3;
const growthTurnSeconds = 5;

/**
 * wrk (Debian's package; C, one event loop per thread) is the load generator for every figure:
 * a generator written in Node tops out near a Node server's own speed, so its ratios measure
 * itself. Nothing here needs a scripted request mix, so autocannon is not used (nor installed).
 */
function findWrk() {
  const wrk = process.env.WRK_PATH ?? "wrk";
  const probe = spawnSync(wrk, ["--version"], { encoding: "utf8" });
  if (probe.error)
    throw new Error("wrk is not installed. On Debian or Ubuntu: apt-get install -y wrk (or set WRK_PATH).");
  const version = /wrk (\S+)/.exec(`${probe.stdout}${probe.stderr}`)?.[1] ?? "unknown";
  return { wrk, version };
}

/**
 * Which CPU each side runs on. With two or more cores and taskset, wrk gets CPU 0 and the server
 * under test (Node, or nginx with one worker) CPU 1, so neither takes time from the other and
 * both servers get exactly one core.
 */
function pinning() {
  const cores = os.cpus().length;
  const taskset = spawnSync("taskset", ["-c", "0", "true"]).status === 0;
  if (cores >= 2 && taskset)
    return {
      pinned: true,
      load: "0",
      server: "1",
      text: "wrk pinned to CPU 0, the server under test to CPU 1 (nginx with one worker)",
    };
  return {
    pinned: false,
    text: `not pinned (${cores} core${cores === 1 ? "" : "s"}${taskset ? "" : ", no taskset"}): wrk and the server share the machine`,
  };
}

/** A command run on one core when the machine allows pinning (taskset execs it, so signals reach it). */
const onCore = (pin, core, command) => (pin.pinned ? ["taskset", "-c", core, ...command] : command);

/** Waits until a server just started answers `url`; stops it and says why if it exits first or never answers. */
async function whenAnswering(child, stop, url, why = (exit) => `The server exited (${exit})`) {
  for (let i = 0; ; i++) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(why(child.exitCode ?? child.signalCode));
    }
    try {
      await fetchRaw(url);
      return;
    } catch (error) {
      if (i > 100) {
        await stop();
        throw error;
      }
      await sleep(100);
    }
  }
}

/**
 * wrk's figures as one line. wrk counts every status of 400 or more as an error; for a route that
 * should answer another status (the 404 page), each thread counts the answers with any other
 * status instead, and `done`, which runs in a Lua state of its own, adds up the threads' counts.
 */
function luaReport(expectStatus) {
  const counting =
    expectStatus === undefined
      ? "local function unexpected(e) return e.status end"
      : `local threads = {}
setup = function(thread) table.insert(threads, thread) end
init = function(args) others = 0 end
response = function(status, headers, body) if status ~= ${Number(expectStatus)} then others = others + 1 end end
local function unexpected(e)
  local n = 0
  for _, thread in ipairs(threads) do n = n + thread:get("others") end
  return n
end`;
  return `${counting}
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("WRK_RESULT %d %d %d %d %d %d %d %d %.0f %.0f %.0f\\n",
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, unexpected(e), e.timeout,
    latency:percentile(50), latency:percentile(99), latency.max))
end
`;
}

/**
 * One GET or POST, with the body as bytes and the headers as sent.
 * @param {string} url
 * @param {{ method?: string, headers?: Record<string, string>, body?: string }} [request]
 */
function fetchRaw(url, { method = "GET", headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    // A new connection each time: a kept-alive one may have been closed by the server meanwhile.
    const req = request(url, { method, headers, agent: false }, (res) => {
      const chunks = [];
      res.on("data", (chunk) => chunks.push(chunk));
      res.on("end", () =>
        resolve({
          status: res.statusCode,
          headers: res.headers,
          rawHeaders: res.rawHeaders,
          body: Buffer.concat(chunks),
        }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** Every file of every static manifest in build/, by ETag: which file on disk a response came from. */
function filesByEtag() {
  const found = new Map();
  for (const name of readdirSync(buildDir).filter((entry) => /^static-manifest\..+\.json$/.test(entry))) {
    const manifest = JSON.parse(readFileSync(path.join(buildDir, name), "utf8"));
    for (const variants of Object.values(manifest.pages))
      for (const meta of Object.values(variants)) found.set(meta.etag, meta);
    for (const meta of Object.values(manifest.files)) found.set(meta.etag, meta);
  }
  return found;
}

function largestScript() {
  const dir = path.join(buildDir, "client", "assets");
  const scripts = readdirSync(dir).filter((name) => name.endsWith(".js"));
  scripts.sort((a, b) => statSync(path.join(dir, b)).size - statSync(path.join(dir, a)).size);
  if (!scripts[0]) throw new Error("No scripts in build/client/assets");
  return `/assets/${scripts[0]}`;
}

const skippedHeaders = new Set([
  "date",
  "connection",
  "keep-alive",
  "content-length",
  "content-encoding",
  "content-type",
  "etag",
  "last-modified",
  "transfer-encoding",
]);

/** nginx directives that send the headers the Node server sent with this response (ETag and Date are nginx's own). */
function headerDirectives(headers) {
  const lines = [];
  const [mime, ...params] = String(headers["content-type"])
    .split(";")
    .map((part) => part.trim());
  const charset = params.find((param) => param.startsWith("charset="))?.slice("charset=".length);
  lines.push("types { }", `default_type ${mime};`);
  // text/html is always one of nginx's charset_types; naming it again only draws a warning.
  if (charset) lines.push(`charset ${charset};`, ...(mime === "text/html" ? [] : [`charset_types ${mime};`]));
  for (const [name, value] of Object.entries(headers)) {
    if (skippedHeaders.has(name)) continue;
    for (const one of Array.isArray(value) ? value : [value]) {
      if (/[$"\\]/.test(one)) throw new Error(`Cannot copy the ${name} header into nginx's configuration: ${one}`);
      lines.push(`add_header ${name} "${one}" always;`);
    }
  }
  return lines.map((line) => `      ${line}`).join("\n");
}

/**
 * bare-node.mjs on the server's core, answering each path with what the site answered it with
 * (gzip; the site's Date and connection headers left to Node, as on the site).
 */
async function startBareNode(siteUrl, paths, pin) {
  const answers = {};
  for (const urlPath of paths) {
    const answer = await fetchRaw(`${siteUrl}${urlPath}`, { headers: { "Accept-Encoding": acceptEncoding } });
    if (answer.status !== 200) throw new Error(`${urlPath} answered ${answer.status}`);
    const headers = [];
    for (let i = 0; i < answer.rawHeaders.length; i += 2) {
      if (!/^(date|connection|keep-alive)$/i.test(answer.rawHeaders[i]))
        headers.push(answer.rawHeaders[i], answer.rawHeaders[i + 1]);
    }
    answers[urlPath] = { headers, body: answer.body.toString("base64") };
  }
  const tmp = mkdtempSync(path.join(os.tmpdir(), "aquila-bench-bare-"));
  const file = path.join(tmp, "answers.json");
  writeFileSync(file, JSON.stringify(answers));
  const port = await freePort();
  const command = [process.execPath, path.join(root, "scripts", "bench", "bare-node.mjs"), file, String(port)];
  const [program, ...args] = onCore(pin, pin.server, command);
  const child = spawn(program, args, { stdio: ["ignore", "inherit", "inherit"] });
  const stop = stopper(child, "SIGTERM", tmp);
  const url = `http://127.0.0.1:${port}`;
  await whenAnswering(child, stop, `${url}${paths[0]}`, (exit) => `The bare Node server exited (${exit})`);
  return { url, stop };
}

/**
 * nginx as deployed (deploy/nginx.conf, one worker) in front of the instance on `appPort`, logging
 * the views of the pages it serves from disk to `viewLog`, or to no such log if it is false.
 */
async function startDeployNginx({ pin, appPort, viewLog }) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), "aquila-bench-deploy-"));
  chmodSync(tmp, 0o755);
  const port = await freePort();
  const config = path.join(tmp, "nginx.conf");
  writeFileSync(config, deployNginxConfig(tmp, { port, redirectPort: await freePort(), appPort, viewLog, workers: 1 }));
  const [file, ...args] = onCore(pin, pin.server, [nginxPath, "-p", tmp, "-c", config]);
  const child = spawn(file, args, { stdio: ["ignore", "inherit", "inherit"] });
  const stop = stopper(child, "SIGQUIT", tmp);
  const url = `http://127.0.0.1:${port}`;
  await whenAnswering(child, stop, `${url}/healthz`, (exit) => `nginx exited (${exit}) on ${config}`);
  return { url, stop };
}

/** nginx (Debian's, from a generated configuration in a temporary folder) serving the same files as Node. */
async function startNginx({ page, asset, kept, pin }) {
  const port = await freePort();
  const tmp = mkdtempSync(path.join(os.tmpdir(), "aquila-bench-nginx-"));
  chmodSync(tmp, 0o755);
  // As root, nginx's workers would run as "nobody", who may not be able to read the checkout.
  const config = `${process.getuid?.() === 0 ? "user root;\n" : ""}daemon off;
worker_processes 1;
pid ${tmp}/nginx.pid;
error_log ${tmp}/error.log warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  server_tokens off;
  sendfile on;
  tcp_nopush on;
  ${nginxTempPaths(tmp)}
  gzip_static on;
  server {
    listen 127.0.0.1:${port};
    root ${buildDir};
    location = ${page.path} {
${headerDirectives(page.headers)}
      try_files /${page.file} =404;
    }
    location /assets/ {
      root ${path.join(buildDir, "client")};
${headerDirectives(asset.headers)}
      try_files $uri =404;
    }
${kept
  .map(
    (one) => `    location = ${one.path} {
      root ${tmp};
${headerDirectives(one.headers)}
      try_files /${one.file} =404;
    }`,
  )
  .join("\n")}
  }
}
`;
  for (const one of kept) {
    writeFileSync(path.join(tmp, one.file), one.body);
    writeFileSync(path.join(tmp, `${one.file}.gz`), one.gzip);
  }
  writeFileSync(path.join(tmp, "nginx.conf"), config);
  const command = [nginxPath, "-p", tmp, "-c", path.join(tmp, "nginx.conf")];
  const [file, ...args] = onCore(pin, pin.server, command);
  const child = spawn(file, args, { stdio: ["ignore", "inherit", "inherit"] });
  const stop = stopper(child, "SIGQUIT", tmp);
  const url = `http://127.0.0.1:${port}`;
  await whenAnswering(child, stop, `${url}${page.path}`, (exit) => `nginx exited (${exit}); configuration:\n${config}`);
  return { url, stop };
}

/**
 * A page as Node keeps it, gzip and plain: asks until it comes from memory (its CSP lists script
 * hashes, not a nonce). A page with forms is sent with new tickets in each answer (decision 022);
 * nginx and the bare server then send the copy of one answer, so they do less than Node does.
 */
async function keptCopy(url, urlPath) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const gz = await fetchRaw(`${url}${urlPath}`, { headers: { "Accept-Encoding": acceptEncoding } });
    const fromMemory = !String(gz.headers["content-security-policy"] ?? "").includes("'nonce-");
    if (gz.status === 200 && fromMemory && gz.headers["content-encoding"] === "gzip")
      return { headers: gz.headers, gzip: gz.body, body: gunzipSync(gz.body) };
    await sleep(20);
  }
  throw new Error(`${urlPath} was never kept`);
}

/** What must be the same in every server's answer: the page, with any form tickets blanked. */
function comparable(res, ticketValuePattern) {
  const body = res.headers["content-encoding"] === "gzip" ? gunzipSync(res.body) : res.body;
  return Buffer.from(body.toString("latin1").replace(ticketValuePattern, 'name="ticket" value=""'), "latin1");
}

/** Checks that every server sends the same status, encoding and page (decompressed, form tickets aside) for the same request. */
async function compare(servers, urlPath) {
  const { ticketValuePattern } = /** @type {typeof import("../../app/lib/form-ticket")} */ (
    await importSource("app/lib/form-ticket.ts")
  );
  const headers = { "Accept-Encoding": acceptEncoding };
  const answers = await Promise.all(Object.values(servers).map(({ url }) => fetchRaw(`${url}${urlPath}`, { headers })));
  const sha = (body) => createHash("sha256").update(body).digest("hex");
  const headerBytes = (res) => res.rawHeaders.reduce((sum, part) => sum + Buffer.byteLength(part) + 2, 0);
  const result = { path: urlPath };
  for (const [i, key] of Object.keys(servers).entries()) {
    const res = answers[i];
    result[key] = {
      status: res.status,
      encoding: res.headers["content-encoding"] ?? "none",
      bodyBytes: res.body.length,
      headerBytes: headerBytes(res),
      sha: sha(comparable(res, ticketValuePattern)),
    };
  }
  const [first, ...others] = Object.keys(servers).map((key) => result[key]);
  result.sameBody = others.every((other) => other.sha === first.sha);
  result.ok =
    result.sameBody && [first, ...others].every((one) => one.status === 200 && one.encoding === first.encoding);
  return result;
}

/** A Lua string literal. */
const lua = (text) => JSON.stringify(text);

/** wrk's Lua script for one kind of request, in a temporary folder `remove()` deletes. */
/** @param {{ method?: string, headers?: Record<string, string>, body?: string, status?: number }} request */
function wrkScript({ method = "GET", headers = {}, body, status }) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), "aquila-wrk-"));
  const setup = [
    `wrk.method = ${lua(method)}`,
    ...Object.entries(headers).map(([key, value]) => `wrk.headers[${lua(key)}] = ${lua(value)}`),
    ...(body === undefined ? [] : [`wrk.body = ${lua(body)}`]),
  ].join("\n");
  const file = path.join(tmp, "report.lua");
  writeFileSync(file, `${setup}\n${luaReport(status)}`);
  return { file, remove: () => rmSync(tmp, { recursive: true, force: true }) };
}

/** What one wrk run printed, as figures (see luaReport). */
function wrkFigures(url, { status, stdout, stderr }) {
  if (status !== 0) throw new Error(`wrk failed for ${url}: ${stderr || stdout}`);
  const line = stdout.split("\n").find((l) => l.startsWith("WRK_RESULT "));
  if (!line) throw new Error(`wrk printed no result for ${url}:\n${stdout}`);
  const [requests, durationUs, bytes, connect, read, write, statusCount, timeout, p50, p99, max] = line
    .split(" ")
    .slice(1)
    .map(Number);
  const seconds = durationUs / 1e6;
  const ms = (us) => Math.round(us / 10) / 100;
  return {
    requestsPerSec: Math.round(requests / seconds),
    requests,
    latencyP50Ms: ms(p50),
    latencyP99Ms: ms(p99),
    latencyMaxMs: ms(max),
    bytesPerSec: Math.round(bytes / seconds),
    non2xx: statusCount,
    errors: connect + read + write,
    timeouts: timeout,
  };
}

/** One wrk run of `seconds` on `url`, on the load's core when pinned; several can load their servers at the same moment. */
function wrkRun(options, script, url, seconds) {
  const [file, ...args] = onCore(options.pin, options.pin.load, [
    options.wrk,
    "-t1",
    `-c${options.connections}`,
    `-d${seconds}s`,
    "--timeout",
    "5s",
    "-s",
    script,
    "-H",
    `Accept-Encoding: ${acceptEncoding}`,
    url,
  ]);
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.once("error", reject);
    child.once("close", (status) => {
      try {
        resolve(wrkFigures(url, { status, stdout, stderr }));
      } catch (error) {
        reject(error);
      }
    });
  });
}

/**
 * One wrk run: a warm-up that is not counted, then the measured run, with one thread and
 * `options.connections` connections. POST bodies and headers go in wrk's Lua script. `status`:
 * the one status every answer should have, when it is not a 2xx or 3xx (`non2xx` then counts the
 * answers with any other).
 */
export async function load(name, options, { url, ...request }) {
  const script = wrkScript(request);
  try {
    if (options.warmup > 0) await wrkRun(options, script.file, url, options.warmup);
    console.log(`${name}: ${options.duration} s`);
    const r = await wrkRun(options, script.file, url, options.duration);
    options.check?.();
    return r;
  } finally {
    script.remove();
  }
}

/** Answers that went wrong in a run: an unexpected status, a socket error or a timeout. */
const failures = (r) => r.non2xx + r.errors + r.timeouts;
const clean = (r) => r.requests > 0 && failures(r) === 0;
const ratio = (a, b) => Math.round((a / b) * 100) / 100;
const fmt = (n) => n.toLocaleString("en");
const spread = (values) => Math.round((Math.max(...values) / Math.min(...values) - 1) * 100);

/** The widest gap between the fastest and the slowest turn of one route at one level, in %. */
function turnVariation(growth) {
  return Math.max(...growth.levels.flatMap((level) => Object.values(level.results).map((r) => spread(r.turns))));
}

/** Runs of one case summed up by the run with the median rate (its latencies with it), every run's rate beside it. */
const medianTurn = (runs) => ({
  ...[...runs].sort((a, b) => a.requestsPerSec - b.requestsPerSec)[Math.floor(runs.length / 2)],
  turns: runs.map((r) => r.requestsPerSec),
});

/** "28,158 (26,010–29,440)": a median turn's rate and the range of all its turns. */
const withTurns = (r) =>
  r.turns
    ? `${fmt(r.requestsPerSec)} (${fmt(Math.min(...r.turns))}–${fmt(Math.max(...r.turns))})`
    : fmt(r.requestsPerSec);

function markdown(data) {
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

/**
 * The place of the review in the middle of the newest-first order, as the cursor a page's link
 * carries (`?before=`, decision 019): the page after it is as far from both ends as any page.
 */
function middleCursor(databaseFile) {
  const db = new Database(databaseFile, { readonly: true });
  try {
    db.pragma("busy_timeout = 5000");
    const { n } = /** @type {{ n: number }} */ (
      db.prepare("select count(*) as n from testimonials where approved = 1").get()
    );
    const row = /** @type {{ created_at: string, id: string } | undefined} */ (
      db
        .prepare(
          "select created_at, id from testimonials where approved = 1 order by created_at desc, id desc limit 1 offset ?",
        )
        .get(Math.floor(n / 2))
    );
    if (!row) throw new Error("no approved review in the middle of the list");
    return Buffer.from(`${row.created_at} ${row.id}`).toString("base64url");
  } finally {
    db.close();
  }
}

/**
 * The routes of the data-growth case, on one site (the middle page's cursor is its own). Beside
 * the pages, two that show where a render's time goes: the page's data as React Router sends it to
 * a browser that navigates (its loaders, without the render), and a page with no data at all (the
 * 404 page: the document, its header and its footer).
 */
function growthRoutes(databaseFile) {
  return [
    { key: "testimonials", label: "/testimonials", path: "/testimonials" },
    { key: "tag", label: "/testimonials?tag=travel", path: "/testimonials?tag=travel" },
    {
      key: "middle",
      label: "/testimonials?before=(middle)",
      path: `/testimonials?before=${middleCursor(databaseFile)}`,
    },
    { key: "oldest", label: "/testimonials?page=oldest", path: "/testimonials?page=oldest" },
    { key: "data", label: "/testimonials.data", note: "its data, not rendered", path: "/testimonials.data" },
    { key: "shell", label: "/no-such-page", note: "the 404 page", path: "/no-such-page", status: 404 },
    { key: "api", label: "/api/testimonials", path: "/api/testimonials" },
    { key: "home", label: "/", path: "/" },
    { key: "contact", label: "/contact", path: "/contact" },
  ];
}

/** One route of a growth server, on its own core. */
async function measureRoute(options, { level, site }, route) {
  const url = `${site.url}${route.path}`;
  const probe = await fetchRaw(url);
  if (probe.status !== (route.status ?? 200)) throw new Error(`${route.path} answered ${probe.status}`);
  return load(
    `${route.label} rendered, ${fmt(level)} reviews`,
    { ...options, check: site.check },
    { url, status: route.status },
  );
}

/** Turns of the hostile case: the kept page quiet, then under the hostile mix. */
const hostileTurns = 3;

/** The other client of the hostile case, on the load generator's core, for `seconds`; resolves with its report. */
function startHostileClient(siteUrl, seconds, pin) {
  const command = [
    process.execPath,
    path.join(root, "scripts", "bench", "hostile-client.mjs"),
    siteUrl,
    String(seconds),
  ];
  const [file, ...args] = onCore(pin, pin.load, command);
  const child = spawn(file, args, { stdio: ["ignore", "pipe", "inherit"] });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => {
      const line = output.trim().split("\n").at(-1);
      if (code !== 0 || !line) reject(new Error(`The hostile client failed (exit ${code}):\n${output}`));
      else resolve(JSON.parse(line));
    });
  });
}

/**
 * The kept `/testimonials` under wrk, quiet and then while another client sends 20 OPTIONS and 5
 * valid review posts a second (each stored, so each changes the page's count of reviews received)
 * and times how long each post takes to show on the page. Quiet and hostile alternate in turns on
 * one server, so the ratio compares runs minutes apart at most.
 */
async function hostileCase(options, serverCpu) {
  const site = await startSite({ reviews: options.reviews, cpu: serverCpu });
  try {
    const url = `${site.url}/testimonials`;
    await keptCopy(site.url, "/testimonials");
    const quiet = [];
    const busy = [];
    const clients = [];
    for (let turn = 0; turn < hostileTurns; turn++) {
      quiet.push(
        await load(`/testimonials kept, quiet (turn ${turn + 1})`, { ...options, check: site.check }, { url }),
      );
      const client = startHostileClient(site.url, options.warmup + options.duration, options.pin);
      busy.push(
        await load(
          `/testimonials kept, under the hostile mix (turn ${turn + 1})`,
          { ...options, check: site.check },
          { url },
        ),
      );
      clients.push(await client);
    }
    const [quietTurn, busyTurn] = [quiet, busy].map(medianTurn);
    const delays = clients.map((c) => c.delayMaxMs ?? Infinity);
    return {
      label: `\`/testimonials\` kept (${fmt(options.reviews)} reviews), while another client sends ${clients[0].optionsPerSecond} \`OPTIONS /\` and ${clients[0].postsPerSecond} valid \`POST /api/testimonials\` a second`,
      quiet: quietTurn,
      hostile: busyTurn,
      ratio: ratio(busyTurn.requestsPerSec, quietTurn.requestsPerSec),
      clients,
      delayMaxMs: Math.max(...delays),
      delayMedianMs: clients.map((c) => c.delayMedianMs).sort((a, b) => a - b)[Math.floor(clients.length / 2)],
    };
  } finally {
    await site.stop();
  }
}

function hostileMarkdown(data) {
  const c = data.hostile;
  const row = (name, r) => [name, withTurns(r), `${r.latencyP50Ms} / ${r.latencyP99Ms}`, failures(r)];
  const sent = (kind) =>
    c.clients.reduce((n, client) => n + Object.values(client.statuses[kind]).reduce((a, b) => a + b, 0), 0);
  const statuses = (kind) => [...new Set(c.clients.flatMap((client) => Object.keys(client.statuses[kind])))].join(", ");
  return [
    `Run on ${data.machine.date.slice(0, 10)}: ${describeMachine(data.machine)}; wrk ${data.wrkVersion}. Command: \`${data.command}\`. ${data.pinning}; wrk as for the other cases (one thread, ${data.settings.connections} connections, ${data.settings.warmupSeconds} s warm-up, ${data.settings.durationSeconds} s measured), in ${hostileTurns} turns of a quiet run and then a run under the mix, on one server; the other client runs on wrk's core through each mixed run, warm-up included.`,
    "",
    c.label,
    "",
    table(
      ["Case", "req/s", "p50 / p99 ms", "Errors, timeouts, non-2xx"],
      [row("Quiet", c.quiet), row("Under the hostile mix", c.hostile)],
    ),
    "",
    `Under the mix the page kept ${c.ratio.toFixed(2)} × its quiet rate. The other client sent ${fmt(sent("options"))} OPTIONS (answered ${statuses("options")}) and ${fmt(sent("posts"))} review posts (answered ${statuses("posts")}); ${fmt(c.clients.reduce((n, client) => n + client.stored, 0))} were stored. From the answer to a post to the first \`/testimonials\` that counted it (the client asks for the page again as soon as it has the last one): median ${c.delayMedianMs} ms, at most ${c.delayMaxMs} ms.`,
    "",
    "Targets:",
    "",
    ...data.targets.map((t) => `- ${t.result}: ${t.name} (${t.actual})`),
  ].join("\n");
}

/** The hostile case on its own server, reported in its own section of docs/benchmarks.md. */
async function benchHostile(options, started) {
  const c = await hostileCase(options, options.pin.pinned ? options.pin.server : undefined);
  const everyPostShown = c.clients.every(
    (client) =>
      client.shown === client.stored && client.stored > 0 && Object.keys(client.statuses.posts).join() === "201",
  );
  const targets = [
    {
      name: "kept `/testimonials` under 20 OPTIONS and 5 review posts a second: ≥ 0.5 × its quiet req/s",
      ok: c.ratio >= 0.5,
      actual: `${fmt(c.hostile.requestsPerSec)} / ${fmt(c.quiet.requestsPerSec)} = ${c.ratio.toFixed(2)} ×`,
    },
    {
      name: "each stored review shows on `/testimonials` within 1 s of its post's answer",
      ok: everyPostShown && c.delayMaxMs <= 1000,
      actual: `at most ${c.delayMaxMs} ms${everyPostShown ? "" : "; not every post was stored and shown"}`,
    },
    {
      name: "no errors, timeouts or non-2xx answers to wrk",
      ok: [c.quiet, c.hostile].every(clean),
      actual: `${failures(c.quiet)} quiet, ${failures(c.hostile)} under the mix`,
    },
  ].map((t) => ({ ...t, result: passFail(t.ok) }));
  const data = {
    ...runHeader(options, options.wrkVersion, options.pin),
    seconds: Math.round((Date.now() - started) / 1000),
    hostile: c,
    targets,
  };
  const text = hostileMarkdown(data);
  console.log(`\n${text}\n`);
  writeReport("throughput-hostile", data, text);
  return data;
}

const switchTurns = 6;

/**
 * The time one core spent busy and in all, from /proc/stat (Linux), in clock ticks; undefined
 * elsewhere, or when the servers are not pinned to one core.
 */
function coreTicks(pin) {
  if (!pin.pinned) return undefined;
  try {
    const line = /** @type {string} */ (
      readFileSync("/proc/stat", "utf8")
        .split("\n")
        .find((l) => l.startsWith(`cpu${pin.server} `))
    );
    const ticks = line.trim().split(/\s+/).slice(1).map(Number);
    const total = ticks.reduce((sum, t) => sum + t, 0);
    // idle and iowait
    return { busy: total - (ticks[3] ?? 0) - (ticks[4] ?? 0), total };
  } catch {
    return undefined;
  }
}

/** The visitors' headers of the features measured below: a browser's, arriving from a search engine. */
const visitorHeaders = {
  "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Safari/537.36",
  Referer: "https://www.google.com/search?q=pressure+relief+cushion",
};

/** The features whose cost on the kept pages `--only` measures: each with the setting that turns it off and on. */
const switches = {
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
 * Two wrk runs of `seconds` started at the same moment, on the two `urls`, the one started first
 * swapped every other `turn`; their figures in the order of `urls`.
 */
async function atOnce(options, script, urls, seconds, turn) {
  const order = turn % 2 === 0 ? urls : [...urls].reverse();
  const runs = await Promise.all(order.map((url) => wrkRun(options, script, url, seconds)));
  return turn % 2 === 0 ? runs : runs.reverse();
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * What a feature costs on the kept pages: two servers alike but for its setting, pinned to one
 * core and loaded at the same moment by two wrk processes, so each gets half the core and the
 * ratio of their rates is the ratio of their costs per request. Loading them one after the other
 * compares moments as well as servers: on a shared machine a core's speed drifts by ±10 % from one
 * run to the next, more than the few per cent measured here. The order the two are started in is
 * reversed every other turn; the busy share of their core says whether they were saturated (if
 * wrk could not keep up, both would answer all it sent and the ratio would read 1).
 */
async function benchSwitch(options, started, feature) {
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

/** What every throughput report states about its run: the machine, the command, the pinning and the settings. */
function runHeader(options, wrkVersion, pin) {
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

/** @param {import("./common.mjs").BenchOptions & { wrk?: string, pin?: ReturnType<typeof pinning>, check?: () => void }} [options] */
export async function benchThroughput(options = readOptions()) {
  const started = Date.now();
  const { wrk, version: wrkVersion } = findWrk();
  const pin = pinning();
  if (options.only !== undefined && options.only !== "hostile" && !Object.hasOwn(switches, options.only))
    throw new Error(
      `--only: the throughput benchmark's cases run alone are "hostile", "metrics" and "counting", not ${options.only}`,
    );
  if (options.only === "hostile") return benchHostile({ ...options, wrk, wrkVersion, pin }, started);
  if (options.only !== undefined)
    return benchSwitch({ ...options, wrk, wrkVersion, pin }, started, switches[options.only]);
  options = { ...options, wrk, pin };
  const serverCpu = pin.pinned ? pin.server : undefined;
  const site = await startSite({ reviews: options.reviews, cpu: serverCpu });
  options = { ...options, check: site.check };
  let nginx;
  let bare;
  /** @type {Array<{ level: number, site: Awaited<ReturnType<typeof startSite>>, routes?: any }>} */
  const growthSites = [];
  try {
    const headers = { "Accept-Encoding": acceptEncoding };
    // The file the Node server answers /about with (default theme, no cookie), found by its ETag.
    const byEtag = filesByEtag();
    const pagePath = "/about";
    const nodePage = await fetchRaw(`${site.url}${pagePath}`, { headers });
    const pageMeta = byEtag.get(nodePage.headers.etag);
    if (nodePage.status !== 200 || !pageMeta)
      throw new Error(
        `${pagePath} did not come from a prerendered file (status ${nodePage.status}, ETag ${nodePage.headers.etag})`,
      );
    const assetPath = largestScript();
    const nodeAsset = await fetchRaw(`${site.url}${assetPath}`, { headers });
    if (nodeAsset.status !== 200) throw new Error(`${assetPath}: status ${nodeAsset.status}`);

    // The pages Node keeps after rendering them once, copied byte for byte (plain and gzip) into
    // nginx's folder, so a kept page is measured against nginx sending the very same bytes.
    const keptPaths = ["/testimonials", "/"];
    const kept = [];
    for (const [i, keptPath] of keptPaths.entries())
      kept.push({ path: keptPath, file: `kept-${i}.html`, ...(await keptCopy(site.url, keptPath)) });
    nginx = await startNginx({
      page: { path: pagePath, file: pageMeta.file, headers: nodePage.headers },
      asset: { path: assetPath, headers: nodeAsset.headers },
      kept,
      pin,
    });
    bare = await startBareNode(site.url, [pagePath, assetPath, ...keptPaths], pin);
    const servers = {
      node: { name: "Node", url: site.url },
      nginx: { name: "nginx", url: nginx.url },
      bare: { name: "bare Node", url: bare.url },
    };
    const checks = [];
    for (const urlPath of [pagePath, assetPath, ...keptPaths]) checks.push(await compare(servers, urlPath));
    for (const check of checks.filter((c) => !c.ok))
      console.warn(`Warning: the servers' answers differ for ${check.path}: ${JSON.stringify(check)}`);

    const cases = {};
    // Node, nginx and the bare Node server in turns, their order reversed every other turn, each
    // summed up by its median turn: measured once each, one after the other, a drift in the
    // machine's speed between the runs became part of the ratio.
    const pair = async (key, label, urlPath) => {
      const runs = { node: [], nginx: [], bare: [] };
      for (let turn = 0; turn < pairTurns; turn++) {
        const sides = turn % 2 === 0 ? ["node", "nginx", "bare"] : ["bare", "nginx", "node"];
        for (const side of sides)
          runs[side].push(
            await load(`${label} (${servers[side].name}, turn ${turn + 1})`, options, {
              url: `${servers[side].url}${urlPath}`,
            }),
          );
      }
      const [node, viaNginx, viaBare] = [runs.node, runs.nginx, runs.bare].map(medianTurn);
      cases[key] = {
        label,
        path: urlPath,
        node,
        nginx: viaNginx,
        bare: viaBare,
        ratio: ratio(node.requestsPerSec, viaNginx.requestsPerSec),
        bareRatio: ratio(node.requestsPerSec, viaBare.requestsPerSec),
      };
    };
    await pair("page", `Prerendered page \`${pagePath}\` (${pageMeta.file})`, pagePath);
    await pair("asset", `Hashed asset \`${assetPath}\``, assetPath);
    await pair(
      "keptTestimonials",
      `\`/testimonials\` kept after one render (${fmt(options.reviews)} reviews)`,
      "/testimonials",
    );
    await pair("keptHome", "`/` kept after one render", "/");
    await nginx.stop();
    await bare.stop();

    const single = async (key, label, target) => {
      const node = await load(label, options, target);
      cases[key] = { label, path: new URL(target.url).pathname, method: target.method ?? "GET", node };
    };
    const before = countReviews(site.databaseFile);
    await single("apiPost", "`POST /api/testimonials` (JSON as in requirements.md §5.2, stored)", {
      url: `${site.url}/api/testimonials`,
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: site.url },
      body: review,
    });
    cases.apiPost.stored = countReviews(site.databaseFile) - before;
    await site.stop();

    // Data growth: a server per level, each with the page cache off and a database of its own,
    // measured in turns and summed up by each route's median turn. Within a turn each route is
    // measured on the three servers one after the other, in a different order for the next route
    // and the next turn: measured one level after the other, a machine whose speed drifts over
    // minutes showed the drift as a cost of the data.
    for (const level of growthLevels)
      growthSites.push({
        level,
        site: await startSite({ reviews: level, cpu: serverCpu, env: { PAGE_CACHE: "off" } }),
      });
    for (const g of growthSites) g.routes = growthRoutes(g.site.databaseFile);
    const routes = /** @type {ReturnType<typeof growthRoutes>} */ (growthSites[0]?.routes);
    // A fresh server compiles its render code during its first few thousand renders; without
    // this the first turn measured the compiler rather than the data.
    for (const g of growthSites)
      for (const route of g.routes)
        await measureRoute({ ...options, duration: firstWarmupSeconds, warmup: 0 }, g, route);
    /** @type {Map<number, Array<Record<string, any>>>} */
    const turns = new Map(growthLevels.map((level) => [level, Array.from({ length: growthTurns }, () => ({}))]));
    /** The results of `level` in `turn`, by route. */
    const turnOf = (level, turn) => /** @type {Record<string, any>} */ (turns.get(level)?.[turn]);
    for (let turn = 0; turn < growthTurns; turn++) {
      for (const [index, { key }] of routes.entries()) {
        const order = (turn + index) % 2 === 0 ? growthSites : [...growthSites].reverse();
        for (const g of order)
          turnOf(g.level, turn)[key] = await measureRoute(
            { ...options, duration: growthTurnSeconds },
            g,
            g.routes[index],
          );
      }
    }
    for (const { site: s } of growthSites.splice(0)) await s.stop();
    const levels = growthLevels.map((level) => ({
      reviews: level,
      results: Object.fromEntries(
        routes.map(({ key }) => [key, medianTurn((turns.get(level) ?? []).map((turn) => turn[key]))]),
      ),
    }));
    const growth = {
      turns: growthTurns,
      turnSeconds: growthTurnSeconds,
      levels,
      routes: routes.map(({ key, label, note }) => ({ key, label, ...(note ? { note } : {}) })),
    };

    const at = (reviews) => growth.levels.find((level) => level.reviews === reviews)?.results;
    const mid = at(10_000);
    if (!mid) throw new Error("no run with 10,000 reviews");
    const flat = ["testimonials", "tag", "middle", "oldest"].map((key) => ({
      key,
      spread: spread(growth.levels.map((level) => level.results[key].requestsPerSec)),
    }));
    const all = [
      ...Object.values(cases).flatMap((c) => [c.node, ...(c.nginx ? [c.nginx, c.bare] : [])]),
      ...growth.levels.flatMap((level) => Object.values(level.results)),
    ];
    const targets = [
      {
        name: "prerendered page, Node ≥ 0.6 × nginx req/s",
        ok: cases.page.ratio >= 0.6,
        actual: `${cases.page.ratio.toFixed(2)} ×`,
      },
      {
        name: "hashed asset, Node ≥ 0.6 × nginx req/s",
        ok: cases.asset.ratio >= 0.6,
        actual: `${cases.asset.ratio.toFixed(2)} ×`,
      },
      ...["keptTestimonials", "keptHome"].map((key) => ({
        name: `${cases[key].label}: at static-file speed, Node ≥ 0.6 × nginx on the same bytes`,
        ok: cases[key].ratio >= 0.6,
        actual: `${cases[key].ratio.toFixed(2)} ×`,
      })),
      ...["testimonials", "tag", "middle", "oldest"].map((key) => ({
        name: `\`${growth.routes.find((r) => r.key === key)?.label}\` rendered on every request with 10,000 reviews: ≥ 500 req/s and p99 < 50 ms`,
        ok: mid[key].requestsPerSec >= 500 && mid[key].latencyP99Ms < 50,
        actual: `${fmt(mid[key].requestsPerSec)} req/s, p99 ${mid[key].latencyP99Ms} ms`,
      })),
      ...flat.map(({ key, spread: s }) => ({
        name: `\`${growth.routes.find((r) => r.key === key)?.label}\` within 20 % at ${growthLevels.map(fmt).join(" / ")} reviews`,
        ok: s <= 20,
        actual: `${s} % apart`,
      })),
      {
        name: "every case answered, with no errors, timeouts or non-2xx responses",
        ok: all.every(clean),
        actual: `${all.filter((r) => r.requests === 0).length} cases with no answer in time, ${all.reduce((n, r) => n + r.errors + r.timeouts, 0)} errors and timeouts, ${all.reduce((n, r) => n + r.non2xx, 0)} non-2xx`,
      },
      {
        name: "Node, nginx and the bare Node server sent identical responses",
        ok: checks.every((c) => c.ok),
        actual: checks.map((c) => `${c.path} ${c.ok ? "same" : "different"}`).join(", "),
      },
    ].map((t) => ({ ...t, result: passFail(t.ok) }));

    const data = {
      ...runHeader(options, wrkVersion, pin),
      seconds: 0,
      checks,
      cases,
      growth,
      targets,
    };
    data.seconds = Math.round((Date.now() - started) / 1000);
    const text = markdown(data);
    console.log(`\n${text}\n`);
    writeReport("throughput", data, text);
    await benchHostile({ ...options, wrkVersion }, Date.now());
    return data;
  } finally {
    await nginx?.stop();
    await bare?.stop();
    await site.stop();
    for (const { site: s } of growthSites) await s.stop();
  }
}

runAsMain(import.meta.url, () => benchThroughput());
