import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { startServerProcess } from "./server-process";

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
      const dataDir = mkdtempSync(path.join(os.tmpdir(), "aquila-npm-"));
      const databaseUrl = path.join(dataDir, "site.sqlite");
      const server = await startServerProcess(
        { DATABASE_URL: databaseUrl, PAGE_CACHE: "off" },
        { command: ["npm", "start"] },
      );
      const { url, output, child: npm } = server;
      try {
        expect(await answers(url)).toBe(true);
        expect(serversOn(databaseUrl)).toHaveLength(1);

        const sent = Date.now();
        npm.kill(signal);
        while ((await answers(url)) || serversOn(databaseUrl).length > 0) {
          if (Date.now() - sent > 10_000) throw new Error(`the server still runs 10 s after ${signal}:\n${output()}`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        // It shut down as on SIGTERM, its database closed, even when npm was killed outright.
        expect(output()).toContain('"msg":"stopped"');
      } finally {
        for (const pid of serversOn(databaseUrl)) process.kill(pid, "SIGKILL");
        if (npm.exitCode === null && npm.signalCode === null) npm.kill("SIGKILL");
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    90_000,
  );
});
