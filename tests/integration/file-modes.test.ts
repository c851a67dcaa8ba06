import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type ServerProcess, startServerProcess } from "./server-process";

/**
 * The SQLite database holds health details and staff sessions: only the site's own account may read
 * it, whatever the umask. What the site writes for nginx stays readable by nginx even under the
 * systemd unit's UMask=0077.
 */
const root = path.resolve(import.meta.dirname, "../..");
const modeOf = (file: string) => statSync(file).mode & 0o777;

describe("file modes", () => {
  let server: ServerProcess | undefined;
  const umask = process.umask();
  afterEach(async () => {
    process.umask(umask);
    await server?.stop();
    server = undefined;
  });

  /** Starts the site with `mask` as its umask (a child process inherits it) and a database in a folder it must make. */
  async function start(mask: number, siteUrl: string) {
    const dir = path.join(mkdtempSync(path.join(os.tmpdir(), "aquila-modes-")), "data");
    process.umask(mask);
    server = await startServerProcess({ DATABASE_URL: path.join(dir, "site.sqlite"), SITE_URL: siteUrl });
    process.umask(umask);
    // A write, so the -wal and -shm files exist.
    await fetch(new URL("/api/contact", server.url), {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: new URL(server.url).origin },
      body: JSON.stringify({ name: "Mode Check", email: "mode@example.com", topic: "general", message: "Checking the file modes.", consent: true }),
    });
    return dir;
  }

  it("makes the database folder 0700 and the database, its WAL and shared memory 0600 under a permissive umask", async () => {
    const dir = await start(0o022, "https://modes-022.aquila.example");
    expect(modeOf(dir).toString(8)).toBe("700");
    const files = readdirSync(dir);
    expect(files).toEqual(expect.arrayContaining(["site.sqlite", "site.sqlite-wal", "site.sqlite-shm"]));
    for (const name of files) expect(`${name} ${modeOf(path.join(dir, name)).toString(8)}`).toBe(`${name} 600`);
  }, 90_000);

  it("keeps what nginx serves readable when the site runs with the unit's UMask=0077", async () => {
    const unit = readFileSync(path.join(root, "deploy/aquila@.service"), "utf8");
    expect(unit).toMatch(/^UMask=0077$/m);
    // A new SITE_URL makes the start render the static pages again, with this umask.
    const siteUrl = `https://modes-077-${process.pid}-${Date.now()}.aquila.example`;
    const dir = await start(0o077, siteUrl);
    for (const name of readdirSync(dir)) expect(`${name} ${modeOf(path.join(dir, name)).toString(8)}`).toBe(`${name} 600`);
    const prerendered = path.join(root, "build/prerendered");
    const fresh = readdirSync(prerendered)
      .map((name) => path.join(prerendered, name))
      .filter((folder) => statSync(folder).isDirectory() && statSync(folder).mtimeMs > Date.now() - 120_000);
    const written: string[] = [];
    const walk = (at: string) => {
      written.push(at);
      if (statSync(at).isDirectory()) for (const name of readdirSync(at)) walk(path.join(at, name));
    };
    for (const folder of fresh) walk(folder);
    const pages = written.filter((file) => file.endsWith("index.html"));
    expect(pages.length).toBeGreaterThan(0);
    for (const file of written) {
      const expected = statSync(file).isDirectory() ? "755" : "644";
      expect(`${path.relative(root, file)} ${modeOf(file).toString(8)}`).toBe(`${path.relative(root, file)} ${expected}`);
    }
    const manifests = readdirSync(path.join(root, "build")).filter((name) => name.includes("manifest")).map((name) => path.join(root, "build", name));
    for (const file of manifests.filter((f) => existsSync(f) && statSync(f).mtimeMs > Date.now() - 120_000)) expect(modeOf(file).toString(8)).toBe("644");
  }, 90_000);
});
