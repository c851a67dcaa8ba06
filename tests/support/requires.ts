import { spawnSync } from "node:child_process";
import { promtool } from "./promtool";

/**
 * The tools some suites need beyond Node and npm. A suite that needs one asks `requires()`; when the
 * tool is missing the suite is skipped and named in the output ("skipped: <suite> — needs <tool>"),
 * and in CI (CI set, as .ci/run does) the run fails with that line instead, so a machine that lost
 * a tool cannot pass by running less.
 */
export type Tool = "postgres" | "nginx" | "openssl" | "faketime" | "wrk" | "promtool" | "mount" | "dovecot";

/** What each tool is and where to get it, as the skip line says it. */
export const toolNames: Record<Tool, string> = {
  postgres: "PostgreSQL (TEST_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/test_me)",
  nginx: "nginx (apt-get install nginx-light)",
  openssl: "openssl (apt-get install openssl)",
  faketime: "faketime (apt-get install faketime)",
  wrk: "wrk (apt-get install wrk)",
  promtool: "promtool (`node scripts/promtool.mjs --version` fetches it on Debian)",
  mount: "root and mount(8), to mount a small tmpfs",
  dovecot: "Dovecot's IMAP server (apt-get install dovecot-imapd)",
};

/** Whether a program answers `args` with status 0. */
function answers(program: string, args: string[]): boolean {
  return spawnSync(program, args, { stdio: "ignore" }).status === 0;
}

/** Where nginx is: on PATH, or in Debian's sbin directories, which a non-root PATH lacks. */
function findNginx(): string | undefined {
  return ["nginx", "/usr/sbin/nginx", "/usr/bin/nginx"].find((candidate) => answers(candidate, ["-v"]));
}

const detectors: Record<Tool, () => boolean> = {
  postgres: () => Boolean(process.env.TEST_DATABASE_URL),
  nginx: () => nginxBinary() !== undefined,
  openssl: () => answers("openssl", ["version"]),
  faketime: () => answers("faketime", ["-f", "+0", "true"]),
  // wrk 4 answers --version with status 1, so only whether it started counts.
  wrk: () => spawnSync("wrk", ["--version"], { stdio: "ignore" }).error === undefined,
  promtool: () => promtool(["--version"]).status === 0,
  mount: () => process.getuid?.() === 0 && answers("mount", ["--version"]),
  dovecot: () => dovecotBinary() !== undefined,
};

const found = new Map<Tool, boolean>();

/** Whether `tool` is on this machine (asked once per test file). */
export function has(tool: Tool): boolean {
  let present = found.get(tool);
  if (present === undefined) {
    present = detectors[tool]();
    found.set(tool, present);
  }
  return present;
}

/** Where Dovecot is: on PATH or in /usr/sbin, which a non-root PATH lacks. */
export function dovecotBinary(): string | undefined {
  return ["dovecot", "/usr/sbin/dovecot"].find((candidate) => answers(candidate, ["--version"]));
}

let nginxPath: string | null | undefined;

/** The nginx binary to run, or undefined when there is none. */
export function nginxBinary(): string | undefined {
  if (nginxPath === undefined) nginxPath = findNginx() ?? null;
  return nginxPath ?? undefined;
}

/** Whether this run is CI: CI set to anything but "", "0" or "false". */
export function isCi(env: NodeJS.ProcessEnv = process.env): boolean {
  return !["", "0", "false"].includes(env.CI ?? "");
}

/** The line that names a skipped suite; the summary at the end of the run collects these. */
export const skipPrefix = "skipped: ";

export function skipLine(suite: string, missing: Tool[]): string {
  return `${skipPrefix}${needs(suite, missing)}`;
}

function needs(suite: string, missing: Tool[]): string {
  return `${suite} — needs ${missing.map((tool) => toolNames[tool]).join(" and ")}`;
}

export interface Machine {
  has: (tool: Tool) => boolean;
  ci: boolean;
  warn: (line: string) => void;
}

/**
 * Whether `suite` can run: true when every tool is there. Otherwise it names the skip through
 * `warn` and answers false, or, in CI, throws with the suite and the missing tools.
 */
export function decide(suite: string, tools: Tool[], machine: Machine): boolean {
  const missing = tools.filter((tool) => !machine.has(tool));
  if (missing.length === 0) return true;
  if (machine.ci) {
    throw new Error(`not run: ${needs(suite, missing)}. CI is set, where a missing tool fails the run.`);
  }
  machine.warn(skipLine(suite, missing));
  return false;
}

/** The PostgreSQL half of every data test (db/test-databases.ts), named once per run. */
export const postgresRuns = "the PostgreSQL runs of the data tests";

/**
 * For `describe.runIf(requires("the suite", "nginx"))(…)`: true when the tools are there; otherwise
 * the suite is named as skipped, or in CI the run fails.
 */
export function requires(suite: string, ...tools: Tool[]): boolean {
  return decide(suite, tools, { has, ci: isCi(), warn: (line) => console.warn(line) });
}
