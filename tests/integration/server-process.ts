import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

/** A port free on loopback now, for a server a test starts with a known address. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
  /** Sends `signal` unless the process has already ended, and resolves with its exit code. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

export function requireBuild() {
  if (!existsSync(path.join(root, "build/server/index.js"))) {
    throw new Error("These tests run the built server: run `npm run build` first (npm test does).");
  }
}

/**
 * Starts the production server on a free port with its own database and waits until it listens.
 * `command` runs it another way than `node scripts/start.mjs` (`["npm", "start"]`, as an operator does).
 * `wrap` runs it under another command, such as `["faketime", "-f", "@2026-11-30 14:00:00"]` to
 * start its clock at a chosen moment. Such a command may run the server as its own child and not
 * pass signals on (faketime does both), so a wrapped server gets a process group of its own, and
 * `stop` signals the whole group and waits until none of it is left.
 */
export async function startServerProcess(
  env: Record<string, string> = {},
  {
    wrap = [],
    command = [process.execPath, path.join(root, "scripts/start.mjs")],
  }: { wrap?: string[]; command?: string[] } = {},
): Promise<ServerProcess> {
  requireBuild();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "aquila-int-"));
  const [program, ...args] = [...wrap, ...command];
  const grouped = wrap.length > 0;
  const child = spawn(program!, args, {
    cwd: root,
    detached: grouped,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      DATABASE_URL: path.join(dataDir, "site.sqlite"),
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const check = () => {
      const match = output.match(/"msg":"listening","url":"(http:\/\/[^"]+)"/);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on("data", check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  const stop = async (signal: NodeJS.Signals = "SIGTERM") => {
    if (!grouped) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    }
    signalGroup(child.pid!, signal);
    const code = await exited;
    await groupGone(child.pid!);
    return code;
  };
  return { child, url, output: () => output, exited, stop };
}

/** Sends `signal` to every process of the group `leader` leads; false once there is none. */
function signalGroup(leader: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-leader, signal);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ESRCH") return false;
    throw error;
  }
}

/**
 * Waits until no process is left in the group (the server shuts down within its 10 s), killing
 * what is still there after 15 s. Bounded: an exited process the system has not yet reaped still
 * counts as in the group.
 */
async function groupGone(leader: number) {
  const start = Date.now();
  while (signalGroup(leader, 0) && Date.now() - start < 20_000) {
    if (Date.now() - start > 15_000) signalGroup(leader, "SIGKILL");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
