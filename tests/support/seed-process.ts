import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { seedMessage, seedOrders, seedReviews, seedSampleLeads, seedUndatedMessages, signInAsTestStaff } from "./seed";

/**
 * The seeding module (./seed.ts) in a child process, for callers that cannot await it: the
 * browser tests' helpers are synchronous (a spec seeds, then navigates on the next line), and the
 * benchmark is a plain Node script that cannot import TypeScript. The child is this file run by
 * jiti (a dev dependency; ESLint and Tailwind load TypeScript configs with it too), with the
 * tsconfig's paths. The request is JSON on stdin; the answer is the last line of stdout.
 * scripts/bench/common.mjs starts it the same way.
 */

const seeders = { seedReviews, seedMessage, seedOrders, seedSampleLeads, seedUndatedMessages, signInAsTestStaff };
type Seeders = typeof seeders;
export type SeedName = keyof Seeders;

const self = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(self), "../..");

function jitiCli(): string {
  const manifest = createRequire(import.meta.url).resolve("jiti/package.json");
  const { bin } = JSON.parse(readFileSync(manifest, "utf8")) as { bin: { jiti: string } };
  return path.join(path.dirname(manifest), bin.jiti);
}

/** Runs one seeding function in a child process and blocks until it has committed. */
export function seedSync<N extends SeedName>(
  name: N,
  ...args: Parameters<Seeders[N]>
): Awaited<ReturnType<Seeders[N]>> {
  const child = spawnSync(process.execPath, [jitiCli(), self], {
    cwd: root,
    input: JSON.stringify({ name, args }),
    encoding: "utf8",
    // No transpile cache written into node_modules; the tsconfig's `~/*` paths resolved.
    env: { ...process.env, JITI_FS_CACHE: "false", JITI_TSCONFIG_PATHS: "true" },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (child.error) throw child.error;
  if (child.status !== 0)
    throw new Error(`${name} failed in the seeding process (exit ${child.status ?? child.signal}):\n${child.stderr}`);
  const lines = child.stdout.trimEnd().split("\n");
  const answer = lines.pop() ?? "";
  if (lines.length) process.stdout.write(`${lines.join("\n")}\n`);
  return (JSON.parse(answer) as { result: Awaited<ReturnType<Seeders[N]>> }).result;
}

async function serve() {
  // Read as a stream: readFileSync(0) fails with EAGAIN when the pipe it is given does not block.
  let input = "";
  for await (const chunk of process.stdin) input += String(chunk);
  const request = JSON.parse(input) as { name: SeedName; args: unknown[] };
  const seeder = seeders[request.name] as ((...args: unknown[]) => Promise<unknown>) | undefined;
  if (!seeder) throw new Error(`No seeding function named ${String(request.name)}`);
  const result = await seeder(...request.args);
  // A pipe takes 64 KiB at once; the rest is written later, so exit only once it has all gone.
  await new Promise((resolve) => process.stdout.write(`\n${JSON.stringify({ result })}\n`, resolve));
}

if (process.argv[1] && path.resolve(process.argv[1]) === self) {
  serve().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
