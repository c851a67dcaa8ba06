import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { setImmediate as yieldToOthers } from "node:timers/promises";
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { prerenderedDir, publishPageSet } from "./prerender";

const name = "0123456789ab";

/** The files of a set, as the pages are laid out: theme, route, index.html. */
const files = ["light/about/index.html", "dark/about/index.html", "light/faq/index.html", "dark/faq/index.html"];

/** A file of set `generation`: its number, a body large enough to take several writes, and an end. */
const content = (generation: number) => `generation ${generation}\n${"x".repeat(256 * 1024)}\nend\n`;

/** Writes a set's files one by one, letting whatever else runs (readers, another writer) in between. */
function writeGeneration(generation: number) {
  return async (dir: string) => {
    for (const file of files) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), content(generation));
      await yieldToOthers();
    }
  };
}

function buildDir() {
  return mkdtempSync(path.join(os.tmpdir(), "aquila-sets-"));
}

const parentOf = (dir: string) => path.join(dir, prerenderedDir);
const linked = (dir: string, file: string) => path.join(parentOf(dir), name, file);
const sets = (dir: string) =>
  readdirSync(parentOf(dir))
    .filter((entry) => entry !== name)
    .sort();

/** Makes a folder look `ms` old, as the clean-up sees it. */
function age(folder: string, ms: number) {
  const then = new Date(Date.now() - ms);
  utimesSync(folder, then, then);
}

describe("a new set of prerendered pages", () => {
  it("is put in place through the link the manifest names, the set it replaced kept and older ones removed", async () => {
    const dir = buildDir();
    const first = await publishPageSet(dir, name, writeGeneration(1));
    expect(lstatSync(path.join(parentOf(dir), name)).isSymbolicLink()).toBe(true);
    // Relative, so the build folder can move.
    expect(readlinkSync(path.join(parentOf(dir), name))).toBe(path.basename(first));
    expect(readFileSync(linked(dir, "light/about/index.html"), "utf8")).toBe(content(1));

    const second = await publishPageSet(dir, name, writeGeneration(2));
    const third = await publishPageSet(dir, name, writeGeneration(3));
    expect(readFileSync(linked(dir, "dark/faq/index.html"), "utf8")).toBe(content(3));
    // Every set is kept for a while: another process may have just finished one.
    expect(sets(dir)).toEqual([first, second, third].map((set) => path.basename(set)).sort());

    for (const set of [first, second, third]) age(set, 60_000);
    const fourth = await publishPageSet(dir, name, writeGeneration(4));
    // The one it replaced stays (a reader may be in it); the older ones are gone.
    expect(sets(dir)).toEqual([third, fourth].map((set) => path.basename(set)).sort());
    expect(readFileSync(linked(dir, "light/faq/index.html"), "utf8")).toBe(content(4));
  });

  it("takes the place of a real folder that a build from before the swap wrote", async () => {
    const dir = buildDir();
    mkdirSync(path.join(parentOf(dir), name, "light", "about"), { recursive: true });
    writeFileSync(linked(dir, "light/about/index.html"), content(0));
    const set = await publishPageSet(dir, name, writeGeneration(1));
    expect(readlinkSync(path.join(parentOf(dir), name))).toBe(path.basename(set));
    expect(readFileSync(linked(dir, "light/about/index.html"), "utf8")).toBe(content(1));
    // The old folder is the set it replaced, kept under a name of its own.
    const [aside] = sets(dir).filter((entry) => entry !== path.basename(set));
    expect(aside).toMatch(new RegExp(`^\\.${name}-[0-9a-f]+$`));
    expect(readFileSync(path.join(parentOf(dir), aside!, "light/about/index.html"), "utf8")).toBe(content(0));
  });

  it("leaves the pages in place when writing the new set fails, and leaves no half-written set behind", async () => {
    const dir = buildDir();
    await publishPageSet(dir, name, writeGeneration(1));
    const before = sets(dir);
    await expect(
      publishPageSet(dir, name, async (out) => {
        await writeGeneration(2)(out);
        throw new Error("a page answered 500");
      }),
    ).rejects.toThrow("a page answered 500");
    expect(sets(dir)).toEqual(before);
    expect(readFileSync(linked(dir, "light/about/index.html"), "utf8")).toBe(content(1));
  });

  it("lets two processes sharing the build write at once: each set whole, the last swap wins", async () => {
    const dir = buildDir();
    await publishPageSet(dir, name, writeGeneration(0));
    for (const set of sets(dir)) age(path.join(parentOf(dir), set), 60_000);
    // One writer is still writing, held at a gate, while the other finishes and cleans up.
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const slow = publishPageSet(dir, name, async (out) => {
      await writeGeneration(1)(out);
      await gate;
    });
    await yieldToOthers();
    // A set a render that died left unfinished long ago goes; the slow writer's, being written now, stays.
    const dead = path.join(parentOf(dir), `.${name}-dead.partial`);
    mkdirSync(dead);
    age(dead, 60 * 60_000);
    const fast = await publishPageSet(dir, name, writeGeneration(2));
    expect(sets(dir)).not.toContain(path.basename(dead));
    expect(sets(dir).filter((entry) => entry.endsWith(".partial"))).toHaveLength(1);
    expect(readFileSync(linked(dir, "light/about/index.html"), "utf8")).toBe(content(2));
    open();
    const last = await slow;
    expect(readlinkSync(path.join(parentOf(dir), name))).toBe(path.basename(last));
    for (const file of files) expect(readFileSync(linked(dir, file), "utf8")).toBe(content(1));
    // The set it replaced, the fast writer's, is kept for a reader that may be in it.
    expect(sets(dir)).toContain(path.basename(fast));
    // Many rounds of both at once: never an error, and the link always names a whole set.
    for (let round = 3; round < 23; round += 2) {
      await Promise.all([
        publishPageSet(dir, name, writeGeneration(round)),
        publishPageSet(dir, name, writeGeneration(round + 1)),
      ]);
      const generation = readFileSync(linked(dir, files[0]!), "utf8").split("\n")[0];
      for (const file of files) expect(readFileSync(linked(dir, file), "utf8").split("\n")[0]).toBe(generation);
    }
  });
});

/**
 * Reads every file through the link, over and over, on another thread (as nginx does, beside the
 * process that swaps), until told to stop: a file missing or cut short, or the files of one set
 * from two generations, is an error.
 */
const reader = `
const { readFileSync, realpathSync } = require("node:fs");
const path = require("node:path");
const { parentPort, workerData } = require("node:worker_threads");
const { link, files, stop } = workerData;
const flag = new Int32Array(stop);
const errors = [];
const seen = new Set();
let reads = 0;
const complete = (text) => /^generation \\d+\\nx+\\nend\\n$/.test(text);
while (Atomics.load(flag, 0) === 0 && errors.length < 5) {
  try {
    for (const file of files) {
      const text = readFileSync(path.join(link, file), "utf8");
      reads++;
      if (!complete(text)) errors.push(file + " read cut short: " + text.length + " characters");
    }
    // One set, as the Node handler reads it: the link followed once, then every file from there.
    const set = realpathSync(link);
    const generations = new Set(files.map((file) => readFileSync(path.join(set, file), "utf8").split("\\n")[0]));
    reads += files.length;
    if (generations.size !== 1) errors.push("one set held " + [...generations].join(" and "));
    for (const generation of generations) seen.add(generation);
    Atomics.store(flag, 1, reads);
  } catch (error) {
    errors.push(error.code + " " + error.message);
  }
}
parentPort.postMessage({ errors, reads, generations: seen.size });
`;

describe("a reader while sets are swapped in a loop", () => {
  it("never misses a file, never reads one cut short, and never gets two sets mixed", async () => {
    const dir = buildDir();
    await publishPageSet(dir, name, writeGeneration(0));
    // [0]: the reader is to stop; [1]: how many reads it has made so far.
    const stop = new SharedArrayBuffer(8);
    const worker = new Worker(reader, {
      eval: true,
      workerData: { link: path.join(parentOf(dir), name), files, stop },
    });
    const result = new Promise<{ errors: string[]; reads: number; generations: number }>((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
    });
    const readsSoFar = () => Atomics.load(new Int32Array(stop), 1);
    // Swaps begin once the reader reads (a worker takes a moment to start), and go on for at
    // least 40 sets and until it has read a few hundred files while they changed.
    for (let waited = 0; readsSoFar() === 0 && waited < 200; waited++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    for (let generation = 1; generation <= 40 || (readsSoFar() < 300 && generation <= 400); generation++) {
      await publishPageSet(dir, name, writeGeneration(generation));
    }
    Atomics.store(new Int32Array(stop), 0, 1);
    const { errors, reads, generations } = await result;
    await worker.terminate();
    expect(errors).toEqual([]);
    expect(reads).toBeGreaterThan(100);
    // It read while the sets changed under it, not only before or after.
    expect(generations).toBeGreaterThan(5);
  });
});
