import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import { afterEach, describe, expect, it } from "vitest";
import { signInAsTestStaff } from "../support/seed";
import { type ServerProcess, startServerProcess } from "./server-process";

/**
 * The SQLite database holds health details and staff sessions: only the site's own account may read
 * it, whatever the umask. What the site writes for nginx stays readable by nginx even under the
 * systemd unit's UMask=0077.
 */
const root = path.resolve(import.meta.dirname, "../..");
const modeOf = (file: string) => statSync(file).mode & 0o777;

/** A PDF of one page whose text is `text`: a new upload for each run. */
async function onePagePdf(text: string): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage().drawText(text, { x: 50, y: 700, size: 10 });
  return Buffer.from(await document.save());
}

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
      body: JSON.stringify({
        name: "Mode Check",
        email: "mode@example.com",
        topic: "general",
        message: "Checking the file modes.",
        consent: true,
      }),
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
    for (const name of readdirSync(dir))
      expect(`${name} ${modeOf(path.join(dir, name)).toString(8)}`).toBe(`${name} 600`);
    // The manifest this start wrote is the one whose configuration names this SITE_URL; it lists the pages it rendered.
    const build = path.join(root, "build");
    const manifest = readdirSync(build)
      .filter((name) => /^static-manifest\.\w+\.json$/.test(name))
      .map((name) => path.join(build, name))
      .find((file) =>
        (JSON.parse(readFileSync(file, "utf8")) as { fingerprint: string }).fingerprint.includes(siteUrl),
      );
    expect(manifest, "the manifest of this start").toBeDefined();
    expect(modeOf(manifest ?? "").toString(8)).toBe("644");
    const { pages } = JSON.parse(readFileSync(manifest ?? "", "utf8")) as {
      pages: Record<string, Record<string, { file: string }>>;
    };
    const files = Object.values(pages).flatMap((variants) =>
      Object.values(variants).map((variant) => path.join(build, variant.file)),
    );
    expect(files.length).toBeGreaterThan(0);
    // Each page, its compressed copies, and every folder from build/prerendered down to it.
    const written = new Set<string>();
    for (const file of files) {
      for (const copy of [file, `${file}.br`, `${file}.gz`]) if (existsSync(copy)) written.add(copy);
      for (
        let dir = path.dirname(file);
        dir.startsWith(path.join(build, "prerendered", path.sep));
        dir = path.dirname(dir)
      )
        written.add(dir);
    }
    // An upload, once served, is written for nginx too: the file and each folder down to it.
    const bytes = await onePagePdf(siteUrl);
    const editor = await signInAsTestStaff(path.join(dir, "site.sqlite"), "editor");
    const form = new FormData();
    form.set("kind", "manual");
    form.set("file", new Blob([new Uint8Array(bytes)]), "modes.pdf");
    const sent = await fetch(new URL("/admin/files", server!.url), {
      method: "POST",
      // The site's address is HTTPS: its session cookie is named as a browser sends it there.
      headers: { Cookie: `__Host-${editor.name}=${editor.value}` },
      body: form,
    });
    expect(await sent.text()).toContain("Uploaded modes.pdf");
    const address = `files/${createHash("sha256").update(bytes).digest("hex").slice(0, 32)}/modes.pdf`;
    expect((await fetch(new URL(`/${address}`, server!.url))).status).toBe(200);
    const upload = path.join(build, "client", address);
    for (let i = 0; i < 100 && !existsSync(upload); i++) await new Promise((resolve) => setTimeout(resolve, 20));
    written.add(upload);
    written.add(path.dirname(upload));
    written.add(path.join(build, "client", "files"));
    try {
      for (const file of written) {
        const expected = statSync(file).isDirectory() ? "755" : "644";
        expect(`${path.relative(root, file)} ${modeOf(file).toString(8)}`).toBe(
          `${path.relative(root, file)} ${expected}`,
        );
      }
    } finally {
      rmSync(path.dirname(upload), { recursive: true, force: true });
    }
  }, 90_000);
});
