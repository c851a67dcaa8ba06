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
import Database from "better-sqlite3";
import {
  buildDir,
  countReviews,
  describeMachine,
  freePort,
  machine,
  nginxPath,
  passFail,
  readOptions,
  runAsMain,
  startSite,
  stopper,
  table,
  writeReport,
} from "./common.mjs";

// Both servers answer from their precompressed .gz files; nginx here has no brotli.
const acceptEncoding = "gzip";
const review = JSON.stringify({ name: "Bench", email: "bench@example.com", rating: 9, quote: "A bench review of the cushion.", tags: [] });
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
  if (probe.error) throw new Error("wrk is not installed. On Debian or Ubuntu: apt-get install -y wrk (or set WRK_PATH).");
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
  if (cores >= 2 && taskset) return { pinned: true, load: "0", server: "1", text: "wrk pinned to CPU 0, the server under test to CPU 1 (nginx with one worker)" };
  return { pinned: false, text: `not pinned (${cores} core${cores === 1 ? "" : "s"}${taskset ? "" : ", no taskset"}): wrk and the server share the machine` };
}

const luaReport = `
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("WRK_RESULT %d %d %d %d %d %d %d %d %.0f %.0f %.0f\\n",
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(99), latency.max))
end
`;

/** One GET or POST, with the body as bytes and the headers as sent. */
function fetchRaw(url, { method = "GET", headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    // A new connection each time: a kept-alive one may have been closed by the server meanwhile.
    const req = request(url, { method, headers, agent: false }, (res) => {
      const chunks = [];
      res.on("data", (chunk) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, rawHeaders: res.rawHeaders, body: Buffer.concat(chunks) }));
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
    for (const variants of Object.values(manifest.pages)) for (const meta of Object.values(variants)) found.set(meta.etag, meta);
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

const skippedHeaders = new Set(["date", "connection", "keep-alive", "content-length", "content-encoding", "content-type", "etag", "last-modified", "transfer-encoding"]);

/** nginx directives that send the headers the Node server sent with this response (ETag and Date are nginx's own). */
function headerDirectives(headers) {
  const lines = [];
  const [mime, ...params] = String(headers["content-type"]).split(";").map((part) => part.trim());
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
  client_body_temp_path ${tmp}/client_body;
  proxy_temp_path ${tmp}/proxy;
  fastcgi_temp_path ${tmp}/fastcgi;
  uwsgi_temp_path ${tmp}/uwsgi;
  scgi_temp_path ${tmp}/scgi;
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
  const [file, ...args] = pin.pinned ? ["taskset", "-c", pin.server, ...command] : command;
  const child = spawn(file, args, { stdio: ["ignore", "inherit", "inherit"] });
  const stop = stopper(child, "SIGQUIT", tmp);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`nginx exited (${child.exitCode ?? child.signalCode}); configuration:\n${config}`);
    }
    try {
      await fetchRaw(`${url}${page.path}`);
      break;
    } catch (error) {
      if (i > 100) {
        await stop();
        throw error;
      }
      await sleep(100);
    }
  }
  return { url, stop };
}

/** A page as Node keeps it: asks until it comes from memory (it then has an ETag), plain and gzip. */
async function keptCopy(url, urlPath) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const gz = await fetchRaw(`${url}${urlPath}`, { headers: { "Accept-Encoding": acceptEncoding } });
    if (gz.status === 200 && gz.headers.etag && gz.headers["content-encoding"] === "gzip") {
      const plain = await fetchRaw(`${url}${urlPath}`);
      if (plain.headers.etag !== gz.headers.etag) continue;
      return { headers: gz.headers, gzip: gz.body, body: plain.body };
    }
    await sleep(20);
  }
  throw new Error(`${urlPath} was never kept`);
}

/** Checks that both servers send the same status, encoding and body bytes for the same request. */
async function compare(nodeUrl, nginxUrl, urlPath) {
  const headers = { "Accept-Encoding": acceptEncoding };
  const [a, b] = await Promise.all([fetchRaw(`${nodeUrl}${urlPath}`, { headers }), fetchRaw(`${nginxUrl}${urlPath}`, { headers })]);
  const sha = (body) => createHash("sha256").update(body).digest("hex");
  const headerBytes = (res) => res.rawHeaders.reduce((sum, part) => sum + Buffer.byteLength(part) + 2, 0);
  const result = {
    path: urlPath,
    node: { status: a.status, encoding: a.headers["content-encoding"] ?? "none", bodyBytes: a.body.length, headerBytes: headerBytes(a) },
    nginx: { status: b.status, encoding: b.headers["content-encoding"] ?? "none", bodyBytes: b.body.length, headerBytes: headerBytes(b) },
    sameBody: sha(a.body) === sha(b.body),
  };
  result.ok = a.status === 200 && b.status === 200 && result.sameBody && result.node.encoding === result.nginx.encoding;
  return result;
}

/** A Lua string literal. */
const lua = (text) => JSON.stringify(text);

/**
 * One wrk run: a warm-up that is not counted, then the measured run, with one thread and
 * `options.connections` connections. POST bodies and headers go in wrk's Lua script.
 */
async function load(name, options, { url, method = "GET", headers = {}, body }) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), "aquila-wrk-"));
  try {
    const setup = [
      `wrk.method = ${lua(method)}`,
      ...Object.entries(headers).map(([key, value]) => `wrk.headers[${lua(key)}] = ${lua(value)}`),
      ...(body === undefined ? [] : [`wrk.body = ${lua(body)}`]),
    ].join("\n");
    const script = path.join(tmp, "report.lua");
    writeFileSync(script, `${setup}\n${luaReport}`);
    const run = (seconds) => {
      const args = ["-t1", `-c${options.connections}`, `-d${seconds}s`, "--timeout", "5s", "-s", script, "-H", `Accept-Encoding: ${acceptEncoding}`, url];
      const [file, ...rest] = options.pin.pinned ? ["taskset", "-c", options.pin.load, options.wrk, ...args] : [options.wrk, ...args];
      const result = spawnSync(file, rest, { encoding: "utf8" });
      if (result.status !== 0) throw new Error(`wrk failed for ${url}: ${result.stderr || result.stdout}`);
      const line = result.stdout.split("\n").find((l) => l.startsWith("WRK_RESULT "));
      if (!line) throw new Error(`wrk printed no result for ${url}:\n${result.stdout}`);
      const [requests, durationUs, bytes, connect, read, write, status, timeout, p50, p99, max] = line.split(" ").slice(1).map(Number);
      return { requests, durationUs, bytes, connect, read, write, status, timeout, p50, p99, max };
    };
    if (options.warmup > 0) run(options.warmup);
    console.log(`${name}: ${options.duration} s`);
    const r = run(options.duration);
    options.check?.();
    const seconds = r.durationUs / 1e6;
    const ms = (us) => Math.round(us / 10) / 100;
    return {
      requestsPerSec: Math.round(r.requests / seconds),
      requests: r.requests,
      latencyP50Ms: ms(r.p50),
      latencyP99Ms: ms(r.p99),
      latencyMaxMs: ms(r.max),
      bytesPerSec: Math.round(r.bytes / seconds),
      non2xx: r.status,
      errors: r.connect + r.read + r.write,
      timeouts: r.timeout,
    };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

const clean = (r) => r.requests > 0 && r.non2xx === 0 && r.errors === 0 && r.timeouts === 0;
const ratio = (a, b) => Math.round((a / b) * 100) / 100;
const fmt = (n) => n.toLocaleString("en");
const spread = (values) => Math.round((Math.max(...values) / Math.min(...values) - 1) * 100);

/** The widest gap between the fastest and the slowest turn of one route at one level, in %. */
function turnVariation(growth) {
  return Math.max(...growth.levels.flatMap((level) => Object.values(level.results).map((r) => spread(r.turns))));
}

/** Runs of one case summed up by the run with the median rate (its latencies with it), every run's rate beside it. */
const medianTurn = (runs) => ({ ...[...runs].sort((a, b) => a.requestsPerSec - b.requestsPerSec)[Math.floor(runs.length / 2)], turns: runs.map((r) => r.requestsPerSec) });

/** "28,158 (26,010–29,440)": a median turn's rate and the range of all its turns. */
const withTurns = (r) => (r.turns ? `${fmt(r.requestsPerSec)} (${fmt(Math.min(...r.turns))}–${fmt(Math.max(...r.turns))})` : fmt(r.requestsPerSec));

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
      `${c.node.latencyP50Ms} / ${c.node.latencyP99Ms}`,
      `${c.nginx.latencyP50Ms} / ${c.nginx.latencyP99Ms}`,
      `${c.node.non2xx + c.node.errors + c.node.timeouts} / ${c.nginx.non2xx + c.nginx.errors + c.nginx.timeouts}`,
    ];
  });
  const nodeRows = ["apiPost"].map((key) => {
    const c = cases[key];
    return [c.label, fmt(c.node.requestsPerSec), ratio(c.node.requestsPerSec, nginxPage).toFixed(2), c.node.latencyP50Ms, c.node.latencyP99Ms, c.node.non2xx + c.node.errors + c.node.timeouts];
  });
  const growthRows = growth.routes.map((route) => [
    `\`${route.label}\``,
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
      ? [`**Warning:** the two servers did not send the same response for ${warnings.map((w) => `\`${w.path}\``).join(", ")}; see benchmarks.json.`, ""]
      : [`Before measuring, both servers answered 200 with identical bodies (${data.checks.map((c) => `\`${c.path}\`: ${fmt(c.node.bodyBytes)} bytes gzip`).join(", ")}).`, ""]),
    `Static files and kept pages, Node next to nginx sending the same bytes with the same headers, each measured in ${pairTurns} turns (which of the two goes first alternating) and shown by its median turn, with the range of its turns in brackets:`,
    "",
    table(["Case", "Node req/s", "nginx req/s", "Node / nginx", "Node p50 / p99", "nginx p50 / p99", "Errors, timeouts, non-2xx (Node / nginx)"], staticRows),
    "",
    `Node only, as shipped (${fmt(data.reviews)} published reviews; the ratio is to nginx's ${fmt(nginxPage)} req/s for the prerendered page):`,
    "",
    table(["Case", "req/s", "Ratio to nginx page", "p50", "p99", "Errors, timeouts, non-2xx"], nodeRows),
    "",
    `The POST case stored ${fmt(cases.apiPost.stored)} reviews (warm-up included), counted in the database.`,
    "",
    "Rendered on every request (`PAGE_CACHE=off`) as the published reviews grow: a server and a database per level, measured in turns, the levels in a different order each turn; req/s of each route's median turn with the range of its turns in brackets, then that turn's p50 / p99 ms. Pages are named by a cursor (decision 019): `?before=(middle)` is the page just older than the review in the middle of all of them, as far from both ends as a page can be; `?page=oldest` is the last page.",
    "",
    table(["Route", ...growth.levels.map((level) => `${fmt(level.reviews)} reviews`), "Spread (fastest / slowest − 1)"], growthRows),
    "",
    "How to read the p99 of a rendered route: each measured run opens its 20 connections anew. While the server is saturated, Node (here with libuv 1.46, which stopped accepting connections in a loop) accepts one new connection per turn of its event loop, and each turn first answers every connection already open; so the k-th new connection's first request waits about k turns of k renders each. At 100 renders a second the last of the 20 waits about 2 s, and those 20 first answers, 2 % of a 10 s run, are its p99; at 500 a second they would be 0.4 % of the run and below it. Behind nginx, which keeps its connections to Node open (deploy/nginx.conf), visitors do not meet this.",
    "",
    `Between the turns of one route at one level, the rate varied by up to ${turnVariation(growth)} % in this run: a spread between levels narrower than that is the machine's drift as much as the data's cost. Whether a page's reads grow with the reviews is tested apart from speed: app/features/testimonials/review-pages.server.test.ts reads their query plans on both databases.`,
    "",
    `The render targets are absolute figures, so they depend on the machine: nginx's rate for the prerendered page above (${fmt(nginxPage)} req/s) is the yardstick to compare runs on different machines by.`,
    "",
    "Targets:",
    "",
    ...targets.map((t) => `- ${t.result}: ${t.name} (${t.actual})`),
  ].join("\n");
}

/**
 * The place of the review in the middle of the newest-first order, as the cursor a page's link
 * carries (`?before=`, decision 019): the page after it is as far from both ends as any page.
 */
function middleCursor(databaseFile) {
  const db = new Database(databaseFile, { readonly: true });
  try {
    db.pragma("busy_timeout = 5000");
    const { n } = db.prepare("select count(*) as n from testimonials where approved = 1").get();
    const row = db.prepare("select created_at, id from testimonials where approved = 1 order by created_at desc, id desc limit 1 offset ?").get(Math.floor(n / 2));
    return Buffer.from(`${row.created_at} ${row.id}`).toString("base64url");
  } finally {
    db.close();
  }
}

/** Each rendered route on a site with `reviews` published reviews on its own core. */
async function measureRenders(options, site, reviews) {
  const routes = [
    { key: "testimonials", label: "/testimonials", path: "/testimonials" },
    { key: "tag", label: "/testimonials?tag=travel", path: "/testimonials?tag=travel" },
    { key: "middle", label: "/testimonials?before=(middle)", path: `/testimonials?before=${middleCursor(site.databaseFile)}` },
    { key: "oldest", label: "/testimonials?page=oldest", path: "/testimonials?page=oldest" },
    { key: "api", label: "/api/testimonials", path: "/api/testimonials" },
    { key: "home", label: "/", path: "/" },
    { key: "contact", label: "/contact", path: "/contact" },
  ];
  const results = {};
  for (const route of routes) {
    const probe = await fetchRaw(`${site.url}${route.path}`);
    if (probe.status !== 200) throw new Error(`${route.path} answered ${probe.status}`);
    results[route.key] = await load(`${route.label} rendered, ${fmt(reviews)} reviews`, options, { url: `${site.url}${route.path}` });
  }
  return { reviews, results, routes: routes.map(({ key, label }) => ({ key, label })) };
}

/** One level's figures: each route's median turn. */
function medianLevel(level, turns) {
  const results = {};
  for (const { key } of turns[0].routes) results[key] = medianTurn(turns.map((turn) => turn.results[key]));
  return { reviews: level, results };
}

export async function benchThroughput(options = readOptions()) {
  const started = Date.now();
  const { wrk, version: wrkVersion } = findWrk();
  const pin = pinning();
  options = { ...options, wrk, pin };
  const serverCpu = pin.pinned ? pin.server : undefined;
  const site = await startSite({ reviews: options.reviews, cpu: serverCpu });
  options = { ...options, check: site.check };
  let nginx;
  const growthSites = [];
  try {
    const headers = { "Accept-Encoding": acceptEncoding };
    // The file the Node server answers /about with (default theme, no cookie), found by its ETag.
    const byEtag = filesByEtag();
    const pagePath = "/about";
    const nodePage = await fetchRaw(`${site.url}${pagePath}`, { headers });
    const pageMeta = byEtag.get(nodePage.headers.etag);
    if (nodePage.status !== 200 || !pageMeta) throw new Error(`${pagePath} did not come from a prerendered file (status ${nodePage.status}, ETag ${nodePage.headers.etag})`);
    const assetPath = largestScript();
    const nodeAsset = await fetchRaw(`${site.url}${assetPath}`, { headers });
    if (nodeAsset.status !== 200) throw new Error(`${assetPath}: status ${nodeAsset.status}`);

    // The pages Node keeps after rendering them once, copied byte for byte (plain and gzip) into
    // nginx's folder, so a kept page is measured against nginx sending the very same bytes.
    const keptPaths = ["/testimonials", "/"];
    const kept = [];
    for (const [i, keptPath] of keptPaths.entries()) kept.push({ path: keptPath, file: `kept-${i}.html`, ...(await keptCopy(site.url, keptPath)) });
    nginx = await startNginx({
      page: { path: pagePath, file: pageMeta.file, headers: nodePage.headers },
      asset: { path: assetPath, headers: nodeAsset.headers },
      kept,
      pin,
    });
    const checks = [];
    for (const urlPath of [pagePath, assetPath, ...keptPaths]) checks.push(await compare(site.url, nginx.url, urlPath));
    for (const check of checks.filter((c) => !c.ok)) console.warn(`Warning: Node and nginx differ for ${check.path}: ${JSON.stringify(check)}`);

    const cases = {};
    // Node and nginx in turns, the first of them alternating, each summed up by its median turn:
    // measured once each, one after the other, a drift in the machine's speed between the two
    // runs became part of the ratio.
    const pair = async (key, label, urlPath) => {
      const runs = { node: [], nginx: [] };
      for (let turn = 0; turn < pairTurns; turn++) {
        const sides = turn % 2 === 0 ? ["node", "nginx"] : ["nginx", "node"];
        for (const side of sides) {
          const url = `${side === "node" ? site.url : nginx.url}${urlPath}`;
          runs[side].push(await load(`${label} (${side === "node" ? "Node" : "nginx"}, turn ${turn + 1})`, options, { url }));
        }
      }
      const node = medianTurn(runs.node);
      const viaNginx = medianTurn(runs.nginx);
      cases[key] = { label, path: urlPath, node, nginx: viaNginx, ratio: ratio(node.requestsPerSec, viaNginx.requestsPerSec) };
    };
    await pair("page", `Prerendered page \`${pagePath}\` (${pageMeta.file})`, pagePath);
    await pair("asset", `Hashed asset \`${assetPath}\``, assetPath);
    await pair("keptTestimonials", `\`/testimonials\` kept after one render (${fmt(options.reviews)} reviews)`, "/testimonials");
    await pair("keptHome", "`/` kept after one render", "/");
    await nginx.stop();

    const single = async (key, label, target) => {
      const node = await load(label, options, target);
      cases[key] = { label, path: new URL(target.url).pathname, method: target.method ?? "GET", node };
    };
    const before = countReviews(site.databaseFile);
    await single("apiPost", "`POST /api/testimonials` (the spec's JSON, stored)", {
      url: `${site.url}/api/testimonials`,
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: site.url },
      body: review,
    });
    cases.apiPost.stored = countReviews(site.databaseFile) - before;
    await site.stop();

    // Data growth: a server per level, each with the page cache off and a database of its own,
    // measured in turns, the levels in a different order each turn, and summed up by each route's
    // median turn. Measured one level after the other, a machine whose speed drifts over minutes
    // showed the drift as a cost of the data.
    for (const level of growthLevels) growthSites.push({ level, site: await startSite({ reviews: level, cpu: serverCpu, env: { PAGE_CACHE: "off" } }) });
    // A fresh server compiles its render code during its first few thousand renders; without
    // this the first turn measured the compiler rather than the data.
    for (const { level, site: s } of growthSites) await measureRenders({ ...options, check: s.check, duration: firstWarmupSeconds, warmup: 0 }, s, level);
    const turns = new Map(growthLevels.map((level) => [level, []]));
    for (let turn = 0; turn < growthTurns; turn++) {
      const order = turn % 2 === 0 ? growthSites : [...growthSites].reverse();
      for (const { level, site: s } of order) turns.get(level).push(await measureRenders({ ...options, check: s.check, duration: growthTurnSeconds }, s, level));
    }
    for (const { site: s } of growthSites.splice(0)) await s.stop();
    const levels = growthLevels.map((level) => medianLevel(level, turns.get(level)));
    const growth = { turns: growthTurns, turnSeconds: growthTurnSeconds, levels, routes: turns.get(growthLevels[0])[0].routes };

    const at = (reviews) => growth.levels.find((level) => level.reviews === reviews)?.results;
    const mid = at(10_000);
    const flat = ["testimonials", "tag", "middle", "oldest"].map((key) => ({ key, spread: spread(growth.levels.map((level) => level.results[key].requestsPerSec)) }));
    const all = [...Object.values(cases).flatMap((c) => [c.node, ...(c.nginx ? [c.nginx] : [])]), ...growth.levels.flatMap((level) => Object.values(level.results))];
    const targets = [
      { name: "prerendered page, Node ≥ 0.6 × nginx req/s", ok: cases.page.ratio >= 0.6, actual: `${cases.page.ratio.toFixed(2)} ×` },
      { name: "hashed asset, Node ≥ 0.6 × nginx req/s", ok: cases.asset.ratio >= 0.6, actual: `${cases.asset.ratio.toFixed(2)} ×` },
      ...["keptTestimonials", "keptHome"].map((key) => ({
        name: `${cases[key].label}: at static-file speed, Node ≥ 0.6 × nginx on the same bytes`,
        ok: cases[key].ratio >= 0.6,
        actual: `${cases[key].ratio.toFixed(2)} ×`,
      })),
      ...["testimonials", "tag", "middle", "oldest"].map((key) => ({
        name: `\`${growth.routes.find((r) => r.key === key).label}\` rendered on every request with 10,000 reviews: ≥ 500 req/s and p99 < 50 ms`,
        ok: mid[key].requestsPerSec >= 500 && mid[key].latencyP99Ms < 50,
        actual: `${fmt(mid[key].requestsPerSec)} req/s, p99 ${mid[key].latencyP99Ms} ms`,
      })),
      ...flat.map(({ key, spread: s }) => ({
        name: `\`${growth.routes.find((r) => r.key === key).label}\` within 20 % at ${growthLevels.map(fmt).join(" / ")} reviews`,
        ok: s <= 20,
        actual: `${s} % apart`,
      })),
      {
        name: "every case answered, with no errors, timeouts or non-2xx responses",
        ok: all.every(clean),
        actual: `${all.filter((r) => r.requests === 0).length} cases with no answer in time, ${all.reduce((n, r) => n + r.errors + r.timeouts, 0)} errors and timeouts, ${all.reduce((n, r) => n + r.non2xx, 0)} non-2xx`,
      },
      { name: "Node and nginx sent identical responses", ok: checks.every((c) => c.ok), actual: checks.map((c) => `${c.path} ${c.ok ? "same" : "different"}`).join(", ") },
    ].map((t) => ({ ...t, result: passFail(t.ok) }));

    const data = {
      machine: machine(),
      wrkVersion,
      command: `npm run bench:throughput${process.argv.slice(2).length ? ` -- ${process.argv.slice(2).join(" ")}` : ""}`,
      pinning: pin.text,
      settings: { connections: options.connections, durationSeconds: options.duration, warmupSeconds: options.warmup, acceptEncoding, database: "sqlite" },
      reviews: options.reviews,
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
    return data;
  } finally {
    await nginx?.stop();
    await site.stop();
    for (const { site: s } of growthSites) await s.stop();
  }
}

runAsMain(import.meta.url, () => benchThroughput());
