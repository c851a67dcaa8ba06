import type { UserConsoleLog } from "vitest";
import type { Reporter } from "vitest/reporters";
import { has, postgresRuns, skipLine, skipPrefix } from "./requires";

/**
 * Repeats at the end of the run every suite that was skipped for a missing tool (the lines
 * tests/support/requires.ts writes as the files are collected), each once, so they are not lost
 * in the scroll.
 */
export default class SkipSummary implements Reporter {
  private readonly lines = new Set<string>();

  onTestRunStart() {
    this.lines.clear();
  }

  onUserConsoleLog(log: UserConsoleLog) {
    for (const line of log.content.split("\n")) {
      if (line.startsWith(skipPrefix)) this.lines.add(line);
    }
  }

  onTestRunEnd() {
    // The PostgreSQL half of the data tests is named before the run (tests/support/global-setup.ts).
    const before = has("postgres") ? [] : [skipLine(postgresRuns, ["postgres"])];
    const lines = [...before, ...this.lines];
    if (lines.length === 0) return;
    process.stderr.write(`\n${lines.length} skipped for a missing tool (with CI set, each fails the run):\n`);
    for (const line of lines) process.stderr.write(`  ${line}\n`);
  }
}
