// `npm start`: build when there is no build or the sources are newer, then serve.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

// React and React Router pick their production builds from NODE_ENV; `npm start` is production
// unless told otherwise.
process.env.NODE_ENV ??= "production";

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

const { startServer } = await import(path.join(root, "build/server/index.js"));
let running;
try {
  running = await startServer(path.join(root, "build"));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.once(signal, async () => {
    await running.shutdown(signal);
    process.exit(0);
  });
}
