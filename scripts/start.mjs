// `npm start`: build when there is no build or the sources are newer, then serve.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { clearInterval, setInterval } from "node:timers";
import { fileURLToPath } from "node:url";
import { importServerBuild } from "./server-build.mjs";

// React and React Router pick their production builds from NODE_ENV; `npm start` is production
// unless told otherwise.
process.env.NODE_ENV ??= "production";

// Read before anything slow (a build, the server's start-up): were npm killed meanwhile, this process
// would already be re-parented, and a parent read later would never change.
const parent = process.ppid;

const root = fileURLToPath(new URL("..", import.meta.url));
const stamp = path.join(root, "build", "server", "index.js");

function newest(entry) {
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(entry).map((name) => newest(path.join(entry, name))));
}

const sources = ["app", "server", "db", "public", "package-lock.json", "vite.config.ts", "react-router.config.ts"]
  .map((name) => path.join(root, name))
  .filter((name) => existsSync(name));
const stale = !existsSync(stamp) || Math.max(...sources.map(newest)) > statSync(stamp).mtimeMs;

if (stale) {
  console.log(JSON.stringify({ time: new Date().toISOString(), level: "info", msg: "building the site first" }));
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { startServer } = await importServerBuild();
let running;
try {
  running = await startServer(path.join(root, "build"));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const stop = async (reason) => {
  await running.shutdown(reason);
  process.exit(0);
};
// `on`, not `once`: Ctrl-C in a terminal reaches both npm and this process, and npm passes it on,
// so a second SIGINT comes at once and must join the shutdown rather than kill the process.
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => void stop(signal));

// Under `npm start` (npm 11), npm passes SIGTERM and SIGINT to the command it ran. Its `sh -c`
// (dash) neither passes them on nor execs the last command, so the server went on as an orphan;
// the script's `exec` makes this process npm's own child, signalled directly. A supervisor that
// signals only npm, or kills it outright, would still orphan it: started by npm, the server shuts
// down when its parent goes. (Run directly, as by the systemd unit, it keeps running whatever
// becomes of its parent.)
if (process.env.npm_lifecycle_event === "start") {
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    void stop("npm, which started the server, is gone");
  }, 500);
  watch.unref();
}
