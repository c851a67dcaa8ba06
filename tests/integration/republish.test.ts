import { createHash } from "node:crypto";
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createServer, type Server } from "node:http";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type * as ServerBuild from "../../server/app";
import { createStaticHandler, fingerprintId, manifestPath, type StaticManifest } from "../../server/static-files";
import { requireBuild } from "./server-process";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * The built server, loaded by Node itself as `npm start` loads it. Imported through Vitest, its
 * code is transformed first, which changes the text of the pages' inline scripts (a `;` after a
 * block), and so their CSP hashes: they would no longer be the build's.
 */
const loadServerBuild = () =>
  createRequire(import.meta.url)(path.join(root, "build", "server", "index.js")) as typeof ServerBuild;

/**
 * The built server's republish, run on a copy of the build's folder (its client files linked, not
 * copied), so that the other tests' servers keep reading the real one undisturbed.
 */
describe("republishing the prerendered pages while the site serves", () => {
  let republish: typeof ServerBuild.republish;
  let buildDir = "";
  let first: StaticManifest;
  let link = "";

  beforeAll(async () => {
    requireBuild();
    // Its log quieter, as the other tests have theirs (tests/support/seed.ts): warnings still show.
    process.env.LOG_LEVEL ??= "warn";
    ({ republish } = loadServerBuild());
    buildDir = mkdtempSync(path.join(os.tmpdir(), "aquila-republish-"));
    symlinkSync(path.join(root, "build", "client"), path.join(buildDir, "client"));
    mkdirSync(path.join(buildDir, "nginx"));
    copyFileSync(path.join(root, "build", "nginx", "pages.conf"), path.join(buildDir, "nginx", "pages.conf"));
    first = await republish(buildDir);
    link = path.join(buildDir, "prerendered", fingerprintId(first.fingerprint));
  }, 60_000);

  /** Every page file of a manifest, as a path through the link. */
  const pageFiles = (manifest: StaticManifest) =>
    Object.values(manifest.pages).flatMap((variants) =>
      Object.values(variants).map((variant) => path.join(buildDir, variant.file)),
    );

  it("has the files through the link, and the instance's own handler, serve the new pages and their ETags at once", async () => {
    // The set in place holds an older text of /faq, and the instance serves it.
    const stale = (theme: string) => `<!DOCTYPE html><html data-theme="${theme}"><body>An older answer</body></html>`;
    for (const theme of ["light", "dark", "system"]) {
      const file = path.join(link, theme, "faq", "index.html");
      writeFileSync(file, stale(theme));
    }
    // Only the plain files changed: the pages are asked for without compression below.
    const handler = createStaticHandler(buildDir, first, { https: false });
    const server: Server = createServer((req, res) => {
      if (!handler(req, res)) res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    const get = (headers: Record<string, string> = {}) =>
      fetch(`http://127.0.0.1:${port}/faq`, {
        headers: { Cookie: "theme=light", "Accept-Encoding": "identity", ...headers },
      });
    try {
      const before = await get();
      const staleTag = before.headers.get("etag") ?? "";
      expect(await before.text()).toBe(stale("light"));

      const staleSet = realpathSync(link);
      const manifest = await republish(buildDir, handler);
      const page = manifest.pages["/faq"]!.light;
      const fresh = readFileSync(path.join(buildDir, page.file), "utf8");
      expect(fresh).toContain("How does alternating pressure work?");
      const after = await get();
      expect(await after.text()).toBe(fresh);
      expect(after.headers.get("etag")).toBe(page.etag);
      expect(page.etag).not.toBe(staleTag);
      // A browser holding the old page's tag gets the new page; one holding the new tag, 304.
      expect((await get({ "If-None-Match": staleTag })).status).toBe(200);
      expect((await get({ "If-None-Match": page.etag })).status).toBe(304);
      // The set it replaced is kept, for a reader that may still be in it.
      expect(realpathSync(link)).not.toBe(staleSet);
      expect(readFileSync(path.join(staleSet, "light", "faq", "index.html"), "utf8")).toBe(stale("light"));
    } finally {
      server.close();
    }
  }, 60_000);

  it("lets another thread read every page, plain and compressed, while it runs in a loop: none missing, cut short or mixed", async () => {
    const stop = new SharedArrayBuffer(4);
    const worker = new Worker(reader, { eval: true, workerData: { files: pageFiles(first), stop } });
    const result = new Promise<{ errors: string[]; reads: number }>((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
    });
    const sets = new Set<string>();
    for (let round = 0; round < 4; round++) {
      await republish(buildDir);
      sets.add(realpathSync(link));
    }
    Atomics.store(new Int32Array(stop), 0, 1);
    const { errors, reads } = await result;
    await worker.terminate();
    expect(sets.size).toBe(4);
    expect(errors).toEqual([]);
    expect(reads).toBeGreaterThan(pageFiles(first).length * 3);
  }, 120_000);

  it("renders twice for three quick calls, never two at once", async () => {
    let replaced = 0;
    let mostUnfinished = 0;
    const watch = setInterval(() => {
      const unfinished = readdirSync(path.dirname(link)).filter((entry) => entry.endsWith(".partial")).length;
      mostUnfinished = Math.max(mostUnfinished, unfinished);
    }, 5);
    try {
      const counting = { replace: () => void replaced++ };
      const calls = [republish(buildDir, counting), republish(buildDir, counting), republish(buildDir, counting)];
      const [a, b, c] = await Promise.all(calls);
      expect(replaced).toBe(2);
      expect(b).toBe(c);
      expect(a).not.toBe(b);
      expect(mostUnfinished).toBe(1);
    } finally {
      clearInterval(watch);
    }
  }, 120_000);

  /** The hash of the structured data (application/ld+json) of the FAQ page in place. */
  function faqDataHash() {
    const html = readFileSync(path.join(buildDir, first.pages["/faq"]!.light.file), "utf8");
    const data = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
    expect(data).toContain("FAQPage");
    return `sha256-${createHash("sha256").update(data, "utf8").digest("base64")}`;
  }

  it("leaves each page's structured data (a data block no browser runs) out of its CSP, so a new text never changes the hashes nginx sends", () => {
    const hashes = first.pages["/faq"]!.light.scriptHashes;
    expect(hashes.length).toBeGreaterThan(0);
    expect(hashes).not.toContain(faqDataHash());
  });

  it("leaves nginx's pages.conf alone while the hashes match, and writes it again with a warning when they do not", async () => {
    const conf = path.join(buildDir, "nginx", "pages.conf");
    const built = readFileSync(path.join(root, "build", "nginx", "pages.conf"), "utf8");
    const logged = vi.spyOn(process.stdout, "write");
    try {
      await republish(buildDir);
      expect(readFileSync(conf, "utf8")).toBe(built);
      const warnings = () =>
        logged.mock.calls.map(([line]) => String(line)).filter((line) => line.includes('"level":"warn"'));
      expect(warnings()).toEqual([]);

      // As if the FAQ's inline code had changed since nginx was given its pages: another hash for it.
      const faqCode =
        first.pages["/faq"]!.light.scriptHashes.find((hash) => !built.includes(`${hash}' 'sha`)) ??
        first.pages["/faq"]!.light.scriptHashes[0]!;
      const older = "sha256-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=";
      const faqLocation = /location = \/faq \{[\s\S]*?\n\}/.exec(built)?.[0] ?? "";
      expect(faqLocation).toContain(faqCode);
      writeFileSync(conf, built.replace(faqLocation, faqLocation.replaceAll(faqCode, older)));
      const manifestFile = manifestPath(buildDir, first.fingerprint);
      const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as typeof first;
      for (const variant of Object.values(manifest.pages["/faq"]!))
        variant.scriptHashes = variant.scriptHashes.map((hash) => (hash === faqCode ? older : hash));
      writeFileSync(manifestFile, JSON.stringify(manifest, null, 2));
      await republish(buildDir);
      expect(readFileSync(conf, "utf8")).toBe(built);
      expect(warnings()).toHaveLength(1);
      const warning = JSON.parse(warnings()[0]!) as { msg: string; pages: string[] };
      expect(warning.msg).toContain("reload nginx");
      expect(warning.pages).toEqual(["/faq"]);
    } finally {
      logged.mockRestore();
    }
  }, 60_000);
});

describe("the client files listed when the pages are drawn", () => {
  it("leave out the uploads that instances wrote to disk for nginx", async () => {
    requireBuild();
    process.env.LOG_LEVEL ??= "warn";
    const { republish } = loadServerBuild();
    // A build of its own: the build's client files linked one by one (but the uploads other tests'
    // servers write there), beside a folder of uploads of its own.
    const buildDir = mkdtempSync(path.join(os.tmpdir(), "aquila-republish-"));
    const client = path.join(buildDir, "client");
    mkdirSync(client);
    for (const entry of readdirSync(path.join(root, "build", "client")).filter((entry) => entry !== "files"))
      symlinkSync(path.join(root, "build", "client", entry), path.join(client, entry));
    const upload = path.join(client, "files", "0123456789abcdef0123456789abcdef");
    mkdirSync(upload, { recursive: true });
    writeFileSync(path.join(upload, "guide.pdf"), "%PDF-1.7\n".padEnd(4096, "x"));
    writeFileSync(path.join(upload, "640.webp"), Buffer.alloc(4096));
    mkdirSync(path.join(buildDir, "nginx"));
    copyFileSync(path.join(root, "build", "nginx", "pages.conf"), path.join(buildDir, "nginx", "pages.conf"));
    const manifest = await republish(buildDir);
    expect(Object.keys(manifest.files)).toContain("/favicon.svg");
    expect(Object.keys(manifest.files).filter((file) => file.startsWith("/files/"))).toEqual([]);
    expect(readdirSync(upload).sort()).toEqual(["640.webp", "guide.pdf"]);
  }, 60_000);
});

/**
 * Reads every page and its compressed copies through the link, over and over, until told to stop:
 * each must be there, whole (the compressed copies decompress to the page), and the three the same
 * page (every render of this build and configuration is the same text).
 */
const reader = `
const { readFileSync } = require("node:fs");
const { brotliDecompressSync, gunzipSync } = require("node:zlib");
const { parentPort, workerData } = require("node:worker_threads");
const { files, stop } = workerData;
const flag = new Int32Array(stop);
const errors = [];
let reads = 0;
while (Atomics.load(flag, 0) === 0 && errors.length < 5) {
  for (const file of files) {
    try {
      const page = readFileSync(file, "utf8");
      const br = brotliDecompressSync(readFileSync(file + ".br")).toString("utf8");
      const gz = gunzipSync(readFileSync(file + ".gz")).toString("utf8");
      reads += 3;
      if (!page.trimEnd().endsWith("</html>")) errors.push(file + " cut short");
      if (br !== page || gz !== page) errors.push(file + ": its compressed copies are another page");
    } catch (error) {
      errors.push(String(error.code) + " " + error.message);
    }
  }
}
parentPort.postMessage({ errors, reads });
`;
