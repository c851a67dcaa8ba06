// `npm run bench:throughput`: requests per second and latency of the Node server, next to nginx for static files.
import { Buffer } from "node:buffer";
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import autocannon from "autocannon";
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

/** One GET or POST, with the body as bytes and the headers as sent. */
function fetchRaw(url, { method = "GET", headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
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
async function startNginx({ page, asset }) {
  const port = await freePort();
  const tmp = mkdtempSync(path.join(os.tmpdir(), "aquila-bench-nginx-"));
  chmodSync(tmp, 0o755);
  // As root, nginx's workers would run as "nobody", who may not be able to read the checkout.
  const config = `${process.getuid?.() === 0 ? "user root;\n" : ""}daemon off;
worker_processes auto;
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
  }
}
`;
  writeFileSync(path.join(tmp, "nginx.conf"), config);
  const child = spawn(nginxPath, ["-p", tmp, "-c", path.join(tmp, "nginx.conf")], { stdio: ["ignore", "inherit", "inherit"] });
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

/** A warm-up that is not counted, then the measured run. */
async function load(name, options, { url, method = "GET", headers = {}, body, overallRate }) {
  const settings = { url, method, body, overallRate, connections: options.connections, headers: { "Accept-Encoding": acceptEncoding, ...headers } };
  if (options.warmup > 0) await autocannon({ ...settings, duration: options.warmup });
  console.log(`${name}: ${options.duration} s`);
  const r = await autocannon({ ...settings, duration: options.duration });
  options.check?.();
  return {
    requestsPerSec: Math.round(r.requests.average),
    requests: r.requests.total,
    latencyP50Ms: r.latency.p50,
    latencyP99Ms: r.latency.p99,
    latencyAvgMs: Math.round(r.latency.average * 100) / 100,
    latencyMaxMs: r.latency.max,
    bytesPerSec: Math.round(r.throughput.average),
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    statusCodes: Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count])),
  };
}

const clean = (r) => r.non2xx === 0 && r.errors === 0 && r.timeouts === 0;
const ratio = (a, b) => Math.round((a / b) * 100) / 100;
const fmt = (n) => n.toLocaleString("en");

function markdown(data) {
  const { cases, targets } = data;
  const nginxPage = cases.page.nginx.requestsPerSec;
  const staticRows = ["page", "asset"].map((key) => {
    const c = cases[key];
    return [
      c.label,
      fmt(c.node.requestsPerSec),
      fmt(c.nginx.requestsPerSec),
      c.ratio.toFixed(2),
      `${c.node.latencyP50Ms} / ${c.node.latencyP99Ms}`,
      `${c.nginx.latencyP50Ms} / ${c.nginx.latencyP99Ms}`,
      `${c.node.non2xx} / ${c.nginx.non2xx}`,
      `${c.node.errors + c.node.timeouts} / ${c.nginx.errors + c.nginx.timeouts}`,
      `${passFail(c.ratio >= 0.5)} (≥ 0.50)`,
    ];
  });
  const dynamicRows = ["testimonialsPage", "apiList", "apiPost", "fixedRate", "testimonialsPageUncached", "apiListUncached", "fixedRateUncached"].filter((key) => data.cases[key]).map((key) => {
    const c = cases[key];
    return [
      c.label,
      fmt(c.node.requestsPerSec),
      c.ratioToNginxPage.toFixed(2),
      c.node.latencyP50Ms,
      c.node.latencyP99Ms,
      c.node.non2xx,
      c.node.errors + c.node.timeouts,
    ];
  });
  const warnings = data.checks.filter((check) => !check.ok);
  return [
    `Run on ${data.machine.date.slice(0, 10)}: ${describeMachine(data.machine)}; autocannon ${data.autocannonVersion}.`,
    "",
    `Each case: ${data.settings.connections} connections, ${data.settings.warmupSeconds} s warm-up (not counted), then ${data.settings.durationSeconds} s measured. The load generator runs in the benchmark's own Node process on the same machine, so it takes CPU from the server under test. Every request carries \`Accept-Encoding: gzip\`: both servers send the precompressed \`.gz\` file for the static cases, and Node compresses what it renders (a page it keeps is compressed once). nginx is Debian's, with a generated configuration that sends the same files with the same headers. The database is SQLite with ${fmt(data.reviews)} published reviews. Latency in ms (1 ms resolution).`,
    "",
    ...(warnings.length
      ? [`**Warning:** the two servers did not send the same response for ${warnings.map((w) => `\`${w.path}\``).join(", ")}; see benchmarks.json.`, ""]
      : [`Before measuring, both servers answered 200 with identical bodies (${data.checks.map((c) => `\`${c.path}\`: ${fmt(c.node.bodyBytes)} bytes gzip`).join(", ")}).`, ""]),
    "Static files, Node next to nginx:",
    "",
    table(["Case", "Node req/s", "nginx req/s", "Node / nginx", "Node p50 / p99", "nginx p50 / p99", "Non-2xx (Node / nginx)", "Errors + timeouts (Node / nginx)", "Target"], staticRows),
    "",
    `Node only (the ratio is to nginx's ${fmt(nginxPage)} req/s for the prerendered page):`,
    "",
    table(["Case", "req/s", "Ratio to nginx page", "p50", "p99", "Non-2xx", "Errors + timeouts"], dynamicRows),
    "",
    `${data.cases.apiPost.stored === undefined ? "" : `The POST case stored ${fmt(data.cases.apiPost.stored)} reviews (warm-up included). `}Targets:`,
    "",
    ...targets.map((t) => `- ${t.result}: ${t.name} (${t.actual})`),
  ].join("\n");
}

export async function benchThroughput(options = readOptions()) {
  const started = Date.now();
  const site = await startSite({ reviews: options.reviews });
  options = { ...options, check: site.check };
  let nginx;
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

    nginx = await startNginx({
      page: { path: pagePath, file: pageMeta.file, headers: nodePage.headers },
      asset: { path: assetPath, headers: nodeAsset.headers },
    });
    const checks = [await compare(site.url, nginx.url, pagePath), await compare(site.url, nginx.url, assetPath)];
    for (const check of checks.filter((c) => !c.ok)) console.warn(`Warning: Node and nginx differ for ${check.path}: ${JSON.stringify(check)}`);

    const cases = {};
    const pair = async (key, label, urlPath) => {
      const node = await load(`${label} (Node)`, options, { url: `${site.url}${urlPath}` });
      const viaNginx = await load(`${label} (nginx)`, options, { url: `${nginx.url}${urlPath}` });
      cases[key] = { label, path: urlPath, node, nginx: viaNginx, ratio: ratio(node.requestsPerSec, viaNginx.requestsPerSec) };
    };
    await pair("page", `Prerendered page \`${pagePath}\` (${pageMeta.file})`, pagePath);
    await pair("asset", `Hashed asset \`${assetPath}\``, assetPath);
    await nginx.stop();

    const nginxPage = cases.page.nginx.requestsPerSec;
    const single = async (key, label, target, extra = {}) => {
      const node = await load(label, options, target);
      cases[key] = { label, path: new URL(target.url).pathname, method: target.method ?? "GET", node, ratioToNginxPage: ratio(node.requestsPerSec, nginxPage), ...extra };
    };
    await single("testimonialsPage", "`GET /testimonials` (as shipped: kept 2 s, see decision 006)", { url: `${site.url}/testimonials` });
    await single("apiList", "`GET /api/testimonials` (as shipped: kept 2 s)", { url: `${site.url}/api/testimonials` });
    const before = countReviews(site.databaseFile);
    await single("apiPost", "`POST /api/testimonials` (JSON, stored)", {
      url: `${site.url}/api/testimonials`,
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: site.url },
      body: review,
    });
    cases.apiPost.stored = countReviews(site.databaseFile) - before;
    await single("fixedRate", `\`GET /testimonials\` at a fixed ${options.rate} req/s`, { url: `${site.url}/testimonials`, overallRate: options.rate }, { targetRate: options.rate });
    await site.stop();

    // The same routes with nothing kept (PAGE_CACHE_MS=0): what a render costs, for the record.
    const uncached = await startSite({ reviews: options.reviews, env: { PAGE_CACHE_MS: "0" } });
    try {
      options = { ...options, check: uncached.check };
      await single("testimonialsPageUncached", "`GET /testimonials` rendered on every request (`PAGE_CACHE_MS=0`)", { url: `${uncached.url}/testimonials` });
      await single("apiListUncached", "`GET /api/testimonials` on every request (`PAGE_CACHE_MS=0`)", { url: `${uncached.url}/api/testimonials` });
      await single(
        "fixedRateUncached",
        `\`GET /testimonials\` rendered on every request at a fixed ${options.rate} req/s`,
        { url: `${uncached.url}/testimonials`, overallRate: options.rate },
        { targetRate: options.rate },
      );
    } finally {
      await uncached.stop();
    }

    // The targets are for the site as shipped; the PAGE_CACHE_MS=0 cases are there for the record.
    const all = Object.entries(cases)
      .filter(([key]) => !key.endsWith("Uncached"))
      .flatMap(([, c]) => [c.node, ...(c.nginx ? [c.nginx] : [])]);
    const targets = [
      { name: "prerendered page, Node ≥ 0.5 × nginx req/s", ok: cases.page.ratio >= 0.5, actual: `${cases.page.ratio.toFixed(2)} ×` },
      { name: "hashed asset, Node ≥ 0.5 × nginx req/s", ok: cases.asset.ratio >= 0.5, actual: `${cases.asset.ratio.toFixed(2)} ×` },
      {
        name: `\`GET /testimonials\` p99 < 50 ms at ${options.rate} req/s (and at least 95 % of that rate achieved)`,
        ok: cases.fixedRate.node.latencyP99Ms < 50 && cases.fixedRate.node.requestsPerSec >= options.rate * 0.95,
        actual: `p99 ${cases.fixedRate.node.latencyP99Ms} ms at ${fmt(cases.fixedRate.node.requestsPerSec)} req/s achieved`,
      },
      {
        name: "no errors, timeouts or non-2xx responses in any case",
        ok: all.every(clean),
        actual: `${all.reduce((n, r) => n + r.errors + r.timeouts, 0)} errors and timeouts, ${all.reduce((n, r) => n + r.non2xx, 0)} non-2xx`,
      },
      { name: "Node and nginx sent identical responses", ok: checks.every((c) => c.ok), actual: checks.map((c) => `${c.path} ${c.ok ? "same" : "different"}`).join(", ") },
    ].map((t) => ({ ...t, result: passFail(t.ok) }));

    const data = {
      machine: machine(),
      autocannonVersion: JSON.parse(readFileSync(new URL("../../node_modules/autocannon/package.json", import.meta.url), "utf8")).version,
      settings: { connections: options.connections, durationSeconds: options.duration, warmupSeconds: options.warmup, acceptEncoding, database: "sqlite" },
      reviews: options.reviews,
      seconds: 0,
      checks,
      cases,
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
  }
}

runAsMain(import.meta.url, () => benchThroughput());
