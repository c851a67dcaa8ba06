// wrk, the load generator: finding it, pinning it and the server to cores, its Lua scripts and its runs.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

// Both servers answer from their precompressed .gz files; nginx here has no brotli.
export const acceptEncoding = "gzip";

/**
 * wrk (Debian's package; C, one event loop per thread) is the load generator for every figure:
 * a generator written in Node tops out near a Node server's own speed, so its ratios measure
 * itself. Nothing here needs a scripted request mix, so autocannon is not used (nor installed).
 */
export function findWrk() {
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
export function pinning() {
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
export const onCore = (pin, core, command) => (pin.pinned ? ["taskset", "-c", core, ...command] : command);

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

/** A Lua string literal. */
const lua = (text) => JSON.stringify(text);

/** wrk's Lua script for one kind of request, in a temporary folder `remove()` deletes. */
/** @param {{ method?: string, headers?: Record<string, string>, body?: string, status?: number }} request */
export function wrkScript({ method = "GET", headers = {}, body, status }) {
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

/**
 * The time one core spent busy and in all, from /proc/stat (Linux), in clock ticks; undefined
 * elsewhere, or when the servers are not pinned to one core.
 */
export function coreTicks(pin) {
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

/**
 * Two wrk runs of `seconds` started at the same moment, on the two `urls`, the one started first
 * swapped every other `turn`; their figures in the order of `urls`.
 */
export async function atOnce(options, script, urls, seconds, turn) {
  const order = turn % 2 === 0 ? urls : [...urls].reverse();
  const runs = await Promise.all(order.map((url) => wrkRun(options, script, url, seconds)));
  return turn % 2 === 0 ? runs : runs.reverse();
}
