// Shared by the benchmark scripts: options, the server under test, seeding, the machine and the report.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { clearTimeout, setTimeout } from "node:timers";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import Database from "../../db/sqlite-driver.mjs";
import { chromiumPath } from "../chromium.mjs";
import { importSource } from "../import-source.mjs";

export const root = fileURLToPath(new URL("../..", import.meta.url));
export const buildDir = path.join(root, "build");
export const reportsDir = path.join(root, "reports", "bench");
export const docsFile = path.join(root, "docs", "benchmarks.md");
export const docsJsonFile = path.join(root, "docs", "benchmarks.json");
export const nginxPath = process.env.NGINX_PATH ?? (existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : "nginx");

/**
 * Runs `run` when `file` (an import.meta.url) is the script node was started with, then exits:
 * 0 when it succeeds, 1 with the error printed when it fails.
 */
export function runAsMain(file, run) {
  if (!process.argv[1] || pathToFileURL(path.resolve(process.argv[1])).href !== file) return;
  Promise.resolve()
    .then(run)
    .then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
}

const defaults = { runs: 3, duration: 10, warmup: 2, connections: 20, reviews: 10_000 };

/**
 * @typedef {{ runs: number, duration: number, warmup: number, connections: number, reviews: number, only?: string }} BenchOptions
 */

/**
 * Command-line options shared by every benchmark script (so `npm run bench -- --runs 1` passes
 * through). `--only NAME` runs one named case of a script that has them, alone.
 * @returns {BenchOptions}
 */
export function readOptions(argv = process.argv.slice(2)) {
  const names = Object.keys(defaults);
  const { values } = parseArgs({
    args: argv,
    options: { ...Object.fromEntries(names.map((name) => [name, { type: "string" }])), only: { type: "string" } },
    strict: true,
    allowPositionals: false,
  });
  // Filled in below, one number per name.
  const options = /** @type {BenchOptions} */ (values.only === undefined ? {} : { only: values.only });
  for (const name of names) {
    const value = values[name] === undefined ? defaults[name] : Number(values[name]);
    if (!Number.isInteger(value) || value < (name === "warmup" ? 0 : 1))
      throw new Error(`--${name} needs a whole number, got ${values[name]}`);
    options[name] = value;
  }
  return options;
}

// Things to undo if the run fails or is interrupted (servers, browsers).
const cleanups = new Set();

/** Registers an undo step; returns a function that unregisters it. */
export function onCleanup(step) {
  cleanups.add(step);
  return () => cleanups.delete(step);
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, async () => {
    console.error(`\n${signal}: stopping`);
    for (const step of [...cleanups].reverse()) {
      try {
        await step();
      } catch (error) {
        console.error(error instanceof Error ? error.message : error);
      }
    }
    process.exit(signal === "SIGINT" ? 130 : 143);
  });
}

/** A TCP port nothing listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/** Waits for a child process to exit; sends SIGKILL if it has not after `ms`. */
export async function waitForExit(child, ms = 15_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const timer = setTimeout(() => child.kill("SIGKILL"), ms);
  await exited;
  clearTimeout(timer);
}

export function ensureBuild() {
  if (existsSync(path.join(buildDir, "server", "index.js"))) return;
  console.log("No build found: running `npm run build`.");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) throw new Error("npm run build failed");
}

/**
 * The site settings the build's pages were rendered with (from the manifest that build/nginx/pages.conf
 * points at), so the server under test serves those very files instead of rendering its own.
 */
function buildSettings() {
  try {
    const pages = readFileSync(path.join(buildDir, "nginx", "pages.conf"), "utf8");
    const id = /\/prerendered\/([0-9a-f]+)\//.exec(pages)?.[1];
    if (!id) return {};
    const manifest = JSON.parse(readFileSync(path.join(buildDir, `static-manifest.${id}.json`), "utf8"));
    const [siteUrl, siteEmail, orderFormUrl] = JSON.parse(manifest.fingerprint);
    return { SITE_URL: siteUrl, SITE_EMAIL: siteEmail, ORDER_FORM_URL: orderFormUrl ?? "" };
  } catch {
    return {};
  }
}

/** The public pages' paths, from the route manifest. */
/** One address of each public route with a parameter (app/route-manifest.ts `example`). */
export async function readExamplePages() {
  const { examplePages } = /** @type {typeof import("../../app/route-manifest")} */ (
    await importSource("app/route-manifest.ts")
  );
  return examplePages;
}

export async function readSiteRoutes() {
  const { siteRoutes } = /** @type {typeof import("../../app/route-manifest")} */ (
    await importSource("app/route-manifest.ts")
  );
  return siteRoutes.map((route) => route.path);
}

const firstNames = [
  "Maria",
  "James",
  "Aisha",
  "Tomasz",
  "Eleanor",
  "Kenji",
  "Fatima",
  "Oliver",
  "Ines",
  "Samuel",
  "Priya",
  "Hugo",
  "Grace",
  "Mateo",
  "Hannah",
  "Lars",
];
const lastNames = [
  "Okafor",
  "Lindqvist",
  "Moreau",
  "Kowalski",
  "Tanaka",
  "Hughes",
  "Haddad",
  "Fischer",
  "Santos",
  "Novak",
  "Reyes",
  "Byrne",
];
const openings = [
  "I have used the Aquila cushion every day for",
  "After trying three other cushions over",
  "My occupational therapist recommended the Aquila, and after",
  "We bought the cushion for my father and in",
  "As a full-time wheelchair user I was sceptical, but after",
  "I travel for work a lot, and over",
];
const periods = ["two weeks", "a month", "six weeks", "three months", "half a year", "a full year"];
const middles = [
  "the pressure on my lower back has eased noticeably and I no longer shift position every few minutes",
  "the redness I used to get after long days at my desk has gone, which my nurse also noticed",
  "it has kept its shape without any sagging, even though I sit on it for ten hours most days",
  "the cover still looks new after several washes and the zip has held up well",
  "it fits both my everyday chair and the travel chair, so I take it with me wherever I go",
  "I can adjust the air cells myself in a minute, without needing someone to help me",
];
const endings = [
  ".",
  ". Support answered my question about inflation the same afternoon.",
  ". The only thing I would change is the colour of the cover, which shows dust quickly.",
  ". It took a few days to get used to, so give it a week before you judge it.",
  ". I have already recommended it to two people at my rehabilitation group, and both of them ordered one.",
  ". Long car journeys used to leave me sore for a day afterwards; now I get out of the car and carry on with my plans.",
];
const contexts = [
  null,
  null,
  "Full-time wheelchair user",
  "Office worker, 8 hours a day",
  "Carer for my mother",
  null,
  "Paraplegic since 2015",
  "Physiotherapist",
];
const ratings = [10, 9, 8, 10, 7, 9, 10, 6, 8, 5, 9, 4, 10, 3, 8, 2, 9, 1, 10, 7];

/** The benchmark's reviews: varied names, lengths, tags and dates over two years, each published. */
async function benchReviews(count) {
  const { tagValues: tags } = /** @type {typeof import("../../app/features/reviews/fields")} */ (
    await importSource("app/features/reviews/fields.ts")
  );
  const now = Date.now();
  const twoYears = 2 * 365 * 24 * 60 * 60_000;
  return Array.from({ length: count }, (_, i) => {
    const quote = `${openings[i % openings.length]} ${periods[(i >> 1) % periods.length]}, ${middles[(i * 7) % middles.length]}${endings[(i * 5 + (i >> 3)) % endings.length]}`;
    const reviewTags =
      i % 4 === 0 ? [] : [tags[i % tags.length], ...(i % 3 === 0 ? [tags[(i * 7 + 3) % tags.length]] : [])];
    const created = now - Math.floor((((i * 7919) % count) / count) * twoYears) - (i % 3600) * 1000;
    return {
      name: `${firstNames[i % firstNames.length]} ${lastNames[(i * 5) % lastNames.length]}`,
      rating: ratings[i % ratings.length],
      quote,
      context: contexts[i % contexts.length],
      tags: [...new Set(reviewTags)],
      verified: i % 3 !== 0,
      createdAt: new Date(created).toISOString(),
    };
  });
}

/**
 * `count` published reviews, submitted and moderated through the app's own functions in one
 * transaction by tests/support/seed.ts. That module is TypeScript, so it runs in a child process
 * under jiti (a dev dependency), as tests/support/seed-process.ts describes; `env` is the
 * server's, so deliveries are queued as the server would queue them.
 */
export async function seedReviews(databaseFile, count, env = process.env) {
  const reviews = await benchReviews(count);
  const started = Date.now();
  const stored = runSeeder("seedReviews", [databaseFile, reviews], env)?.length;
  if (stored !== count) throw new Error(`Seeding stored ${stored} reviews, not ${count}`);
  console.log(`Seeded ${count.toLocaleString("en")} reviews in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

/** Runs one of tests/support/seed-process.ts's seeders in a child process; returns its result. */
export function runSeeder(name, args, env = process.env) {
  const manifest = createRequire(import.meta.url).resolve("jiti/package.json");
  const cli = path.join(path.dirname(manifest), JSON.parse(readFileSync(manifest, "utf8")).bin.jiti);
  const child = spawnSync(process.execPath, [cli, path.join(root, "tests", "support", "seed-process.ts")], {
    cwd: root,
    input: JSON.stringify({ name, args }),
    encoding: "utf8",
    env: { ...env, JITI_FS_CACHE: "false", JITI_TSCONFIG_PATHS: "true" },
    maxBuffer: 64 * 1024 * 1024,
    stdio: ["pipe", "pipe", "inherit"],
  });
  if (child.error) throw child.error;
  if (child.status !== 0) throw new Error(`${name} failed (exit ${child.status ?? child.signal})`);
  const lines = child.stdout.trimEnd().split("\n");
  const answer = JSON.parse(lines.pop() ?? "{}");
  if (lines.join("").trim()) console.log(lines.join("\n").trim());
  return answer.result;
}

export function countReviews(databaseFile) {
  const db = new Database(databaseFile, { readonly: true });
  try {
    db.pragma("busy_timeout = 5000");
    return /** @type {{ n: number }} */ (db.prepare("select count(*) as n from testimonials").get()).n;
  } finally {
    db.close();
  }
}

/**
 * Builds if needed, starts `node scripts/start.mjs` on a free port with a fresh SQLite file, waits
 * for /healthz, then seeds `reviews` published reviews. `stop()` sends SIGTERM and waits.
 */
/**
 * A benchmark server's environment: production, on loopback, and nothing sent anywhere and nobody
 * able to sign in, whatever the shell has set.
 */
export function quietServerEnv() {
  return {
    ...process.env,
    ADMIN_PASSWORD: randomBytes(24).toString("base64url"),
    STAFF_EMAIL: "",
    SMTP_HOST: "",
    CONTACT_FORWARD_URL: "",
    TRUST_PROXY: "false",
    NODE_ENV: "production",
    HOST: "127.0.0.1",
  };
}

/** @param {{ reviews: number, env?: Record<string, string>, cpu?: number | string }} options */
export async function startSite({ reviews, env: extraEnv = {}, cpu }) {
  ensureBuild();
  const port = await freePort();
  const tmp = mkdtempSync(path.join(os.tmpdir(), "aquila-bench-"));
  const databaseFile = path.join(tmp, "bench.sqlite");
  const env = {
    ...quietServerEnv(),
    ...buildSettings(),
    PORT: String(port),
    DATABASE_URL: databaseFile,
    LOG_LEVEL: "warn",
    FORM_MIN_FILL_MS: "0",
    FORM_RATE_LIMIT: "100000000",
    SHUTDOWN_DRAIN_MS: "0",
    ...extraEnv,
  };
  const command = [process.execPath, path.join(root, "scripts", "start.mjs")];
  // taskset replaces itself with node (exec), so signals still reach the server.
  const file = cpu === undefined ? process.execPath : "taskset";
  const args = cpu === undefined ? command.slice(1) : ["-c", String(cpu), ...command];
  const child = spawn(file, args, { cwd: root, env, stdio: ["ignore", "inherit", "inherit"] });
  const url = `http://127.0.0.1:${port}`;
  let exit;
  child.once("exit", (code, signal) => {
    exit = signal ?? `code ${code}`;
  });
  /** Throws if the server has gone away (it should live until stop()). */
  const check = () => {
    if (exit !== undefined && !stop.called)
      throw new Error(`The server under test stopped during the run (${exit}); results would be meaningless`);
  };
  const stop = stopper(child, "SIGTERM", tmp);
  try {
    await waitForHealth(url, child);
    if (reviews > 0) await seedReviews(databaseFile, reviews, env);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, port, databaseFile, stop, check };
}

async function waitForHealth(url, child, ms = 180_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`The server exited (${child.exitCode ?? child.signalCode}) before it answered /healthz`);
    try {
      const response = await globalThis.fetch(`${url}/healthz`);
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  throw new Error(`The server did not answer ${url}/healthz within ${ms / 1000} s`);
}

function versionOf(command, args, pattern) {
  const result = spawnSync(command, args, { encoding: "utf8" });
  const text = `${result.stdout ?? ""}\n${result.stderr ?? ""}`;
  return pattern.exec(text)?.[0]?.trim() ?? "not found";
}

/** The machine a run happened on. */
export function machine() {
  const cpus = os.cpus();
  return {
    date: new Date().toISOString(),
    cpu: cpus[0]?.model.trim() ?? "unknown",
    cores: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    os: `${os.type()} ${os.release()} (${os.arch()})`,
    node: process.version,
    nginx: versionOf(nginxPath, ["-v"], /nginx\/\S+/),
    chromium: versionOf(chromiumPath, ["--version"], /(Chromium|Google Chrome) [\d.]+/),
  };
}

export function describeMachine(m) {
  return `${m.cores} × ${m.cpu}, ${m.memoryGiB} GiB memory, ${m.os}, Node ${m.node}, ${m.nginx}, ${m.chromium}`;
}

const docsTemplate = (m) => `# Benchmarks

Figures for the production build of the site, measured with \`npm run bench\`. The server under test
is the real one (\`node scripts/start.mjs\`, \`NODE_ENV=production\`) with a fresh SQLite database holding
10,000 published reviews; the load generator, nginx and the browser run on the same machine.

When this file was first written the machine was: ${describeMachine(m)}. Each section
below names the machine and the date of its own run.

To reproduce:

\`\`\`sh
npm ci && npm run build && npm run bench
\`\`\`

\`npm run bench:lighthouse\` and \`npm run bench:throughput\` run one half each and rewrite only their own
section. Options: \`--runs N\` (Lighthouse runs per page), \`--duration S\` (seconds per load case),
\`--warmup S\`, \`--connections N\`, \`--reviews N\`; \`npm run bench:throughput -- --only hostile\` runs the
hostile case alone and rewrites only its section, and \`--only metrics\` the cost of metrics on kept pages. The figures in
machine-readable form are in [benchmarks.json](benchmarks.json); a local run also writes
\`reports/bench/\`.

## Lighthouse

<!-- lighthouse:start -->
Not measured yet.
<!-- lighthouse:end -->

## Throughput

<!-- throughput:start -->
Not measured yet.
<!-- throughput:end -->

## Resilience and security

<!-- proof:start -->
Not collected yet.
<!-- proof:end -->
`;

/**
 * Stops `child` with `signal` once, however often it is called (and at exit or Ctrl-C, through
 * onCleanup), waits for it, then removes its temporary folder. `stop.called` says it was asked.
 */
export function stopper(child, signal, tmp) {
  let stopping;
  const stop = () => {
    stopping ??= (async () => {
      unregister();
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await waitForExit(child);
      rmSync(tmp, { recursive: true, force: true });
    })();
    return stopping;
  };
  Object.defineProperty(stop, "called", { get: () => stopping !== undefined });
  const unregister = onCleanup(stop);
  return stop;
}

/** Writes reports/bench/<name>.json, its key in docs/benchmarks.json and its section of docs/benchmarks.md. */
export function writeReport(name, data, markdown) {
  mkdirSync(reportsDir, { recursive: true });
  writeFileSync(path.join(reportsDir, `${name}.json`), `${JSON.stringify(data, null, 2)}\n`);

  let merged = {};
  try {
    merged = JSON.parse(readFileSync(docsJsonFile, "utf8"));
  } catch {
    // First run, or an unreadable file: start again.
  }
  merged[name] = data;
  const ordered = Object.fromEntries(
    ["lighthouse", "throughput", ...Object.keys(merged)]
      .filter((key, i, all) => key in merged && all.indexOf(key) === i)
      .map((key) => [key, merged[key]]),
  );
  writeFileSync(docsJsonFile, `${JSON.stringify(ordered, null, 2)}\n`);

  let doc = existsSync(docsFile) ? readFileSync(docsFile, "utf8") : docsTemplate(data.machine);
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const section = `${start}\n${markdown.trim()}\n${end}`;
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from !== -1 && to > from) doc = doc.slice(0, from) + section + doc.slice(to + end.length);
  else doc = `${doc.trimEnd()}\n\n${section}\n`;
  writeFileSync(docsFile, doc);
  console.log(
    `Wrote ${path.relative(root, path.join(reportsDir, `${name}.json`))}, ${path.relative(root, docsJsonFile)} and ${path.relative(root, docsFile)}.`,
  );
}

/** A Markdown table from a header row and rows of cells. */
export function table(header, rows) {
  const line = (cells) => `| ${cells.join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}

export const passFail = (ok) => (ok ? "PASS" : "FAIL");
