import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { requireBuild } from "./server-process";

const root = path.resolve(import.meta.dirname, "../..");

/** The ids of the server processes (`node scripts/start.mjs`) running on the database `databaseUrl`. */
function serversOn(databaseUrl: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const [program = "", ...args] = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0");
      if (!path.basename(program).startsWith("node") || !args.some((arg) => arg.endsWith("scripts/start.mjs")))
        continue;
      const environment = readFileSync(`/proc/${entry}/environ`, "utf8").split("\0");
      if (environment.includes(`DATABASE_URL=${databaseUrl}`)) found.push(Number(entry));
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return found;
}

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(new URL("/healthz", url), { signal: AbortSignal.timeout(1_000) });
    return true;
  } catch {
    return false;
  }
}

/**
 * `npm start` as an operator or a supervisor runs it, stopped by a signal sent to npm alone (not
 * to its process group, as a terminal's Ctrl-C would be): the server must not go on as an orphan.
 */
describe("the server started with npm start", () => {
  it.each(["SIGTERM", "SIGINT", "SIGKILL"] as const)(
    "is gone within 10 s of %s sent to npm",
    async (signal) => {
      requireBuild();
      const dataDir = mkdtempSync(path.join(os.tmpdir(), "aquila-npm-"));
      const databaseUrl = path.join(dataDir, "site.sqlite");
      const npm = spawn("npm", ["start"], {
        cwd: root,
        env: {
          ...process.env,
          NODE_ENV: "production",
          PORT: "0",
          HOST: "127.0.0.1",
          DATABASE_URL: databaseUrl,
          LOG_LEVEL: "info",
          PAGE_CACHE: "off",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      npm.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
      npm.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
      try {
        const url = await new Promise<string>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`npm start did not listen:\n${output}`)), 60_000);
          npm.stdout.on("data", () => {
            const match = output.match(/"msg":"listening","url":"(http:\/\/[^"]+)"/);
            if (match?.[1]) {
              clearTimeout(timer);
              resolve(match[1]);
            }
          });
          npm.once("exit", (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
        });
        expect(await answers(url)).toBe(true);
        expect(serversOn(databaseUrl)).toHaveLength(1);

        const sent = Date.now();
        npm.kill(signal);
        while ((await answers(url)) || serversOn(databaseUrl).length > 0) {
          if (Date.now() - sent > 10_000) throw new Error(`the server still runs 10 s after ${signal}:\n${output}`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        // It shut down as on SIGTERM, its database closed, even when npm was killed outright.
        expect(output).toContain('"msg":"stopped"');
      } finally {
        for (const pid of serversOn(databaseUrl)) process.kill(pid, "SIGKILL");
        if (npm.exitCode === null && npm.signalCode === null) npm.kill("SIGKILL");
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    90_000,
  );
});
