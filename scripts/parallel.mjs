// Runs lanes of npm scripts side by side and fails if any script fails: the checks of `npm test`
// that read the code and do not depend on each other (types, lint, format, the build) take the
// time of the longest lane instead of the sum. A lane is one argument, its scripts joined by "+"
// and run one after another; as many lanes as cores, since each script is mostly one process
// (four at once on two cores took 57 s, two lanes about 40). Each script's output is printed whole
// when it ends, under its name and time, so two outputs never interleave.
//
// Run: node scripts/parallel.mjs typecheck lint+format:check+build
import { Buffer } from "node:buffer";
import { spawn } from "node:child_process";

const lanes = process.argv.slice(2).map((lane) => lane.split("+"));
if (lanes.length === 0) {
  console.error("usage: node scripts/parallel.mjs <npm script>[+<npm script>...]...");
  process.exit(2);
}

const npm = process.env.npm_execpath;

/**
 * @param {string} name
 * @returns {Promise<boolean>} whether it succeeded
 */
function run(name) {
  const began = Date.now();
  // Under `npm test` npm names its own entry point; run by hand, the `npm` on PATH does.
  const [command, args] = npm ? [process.execPath, [npm, "run", "--silent", name]] : ["npm", ["run", "--silent", name]];
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
  /** @type {Buffer[]} */
  const output = [];
  child.stdout.on("data", (chunk) => output.push(chunk));
  child.stderr.on("data", (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on("close", (code, signal) => {
      const seconds = ((Date.now() - began) / 1000).toFixed(1);
      const ok = code === 0;
      const text = Buffer.concat(output).toString().trimEnd();
      process.stdout.write(`── ${name}: ${ok ? "passed" : `failed (${signal ?? `exit ${code}`})`} in ${seconds} s\n`);
      if (text) process.stdout.write(`${text}\n`);
      resolve(ok);
    });
  });
}

/** @type {string[]} */
const failed = [];
await Promise.all(
  lanes.map(async (lane) => {
    // A lane goes on after a failure: every problem is reported in one run.
    for (const name of lane) if (!(await run(name))) failed.push(name);
  }),
);
if (failed.length > 0) {
  console.error(`Failed: ${failed.join(", ")}`);
  process.exit(1);
}
