import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ChildProcess } from "node:child_process";
import { createTestDatabase, type TestDatabase } from "#db/test-databases";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { siteRoutes } from "../../app/route-manifest";
import { themeCookieName, themes } from "../../app/lib/theme";
import { initialContent } from "../../app/content/live";
import "../../app/content/items";
import { nginxPagesConfig } from "../../server/nginx";
import type { StaticManifest } from "../../server/static-files";
import { type SeededSession, signInAsTestStaff } from "../support/seed";
import { requires } from "../support/requires";
import { postContentForm } from "../support/content-form";
import { freePort, startNginx, writeNginxConfig } from "./nginx-config";
import { type ServerProcess, startServerProcess } from "./server-process";

const root = path.resolve(import.meta.dirname, "../..");

/** This suite's own configuration (the support email is part of what the prerendered pages are drawn for), so its pages never touch another suite's. */
const siteEmail = "publish-check@aquila.example";

/** The most a publish may take to reach every page on every instance and behind nginx (decision 033). */
const withinMs = 5_000;

/**
 * A publish as the company makes it: an owner publishes a new tagline through one instance's admin,
 * and it reaches the other instance's kept pages and the prerendered pages nginx serves from disk
 * within seconds; after that, the old tagline is on no public page anywhere.
 */
const suite = "publishing content to two instances and nginx";
describe.runIf(requires(suite, "postgres", "nginx"))(suite, () => {
  let database: TestDatabase;
  let databaseUrl = "";
  let a: ServerProcess;
  let b: ServerProcess;
  let nginx: ChildProcess | undefined;
  let nginxBase = "";
  let owner: SeededSession;

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    databaseUrl = database.url;
    const env = { DATABASE_URL: databaseUrl, ADMIN_PASSWORD: "publish-check-password", SITE_EMAIL: siteEmail };
    a = await startServerProcess(env);
    b = await startServerProcess(env);
    owner = await signInAsTestStaff(databaseUrl, "owner");

    // nginx as shipped in front of B, with the locations of this configuration's prerendered pages.
    const manifest = ownManifest();
    const dir = mkdtempSync(path.join(os.tmpdir(), "aquila-publish-nginx-"));
    const pagesConf = path.join(dir, "pages.conf");
    writeFileSync(pagesConf, nginxPagesConfig(manifest, { https: false }));
    const [port, redirectPort] = [await freePort(), await freePort()];
    const config = writeNginxConfig(dir, { port, redirectPort, appPort: Number(new URL(b.url).port), pagesConf });
    nginxBase = `http://127.0.0.1:${port}`;
    nginx = await startNginx(config, `${nginxBase}/healthz`);
  }, 120_000);

  afterAll(async () => {
    nginx?.kill("SIGTERM");
    for (const server of [a, b]) await server?.stop();
    await database?.drop();
  });

  /** The manifest of the pages drawn for this suite's configuration. */
  function ownManifest(): StaticManifest {
    const buildDir = path.join(root, "build");
    for (const file of readdirSync(buildDir).filter((entry) => /^static-manifest\..+\.json$/.test(entry))) {
      const manifest = JSON.parse(readFileSync(path.join(buildDir, file), "utf8")) as StaticManifest;
      if (manifest.fingerprint.includes(siteEmail)) return manifest;
    }
    throw new Error("no prerendered pages for this configuration");
  }

  const prerendered = siteRoutes.filter((route) => route.prerender).map((route) => route.path);
  const rendered = siteRoutes.filter((route) => !route.prerender).map((route) => route.path);

  async function text(base: string, page: string) {
    const answer = await fetch(new URL(page, base), { headers: { Accept: "text/html" } });
    expect(answer.status, `${base}${page}`).toBe(200);
    return answer.text();
  }

  async function firstShown(base: string, page: string, wanted: string, since: number) {
    for (;;) {
      if ((await text(base, page)).includes(wanted)) return performance.now() - since;
      if (performance.now() - since > withinMs * 2) return Infinity;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  it("a tagline published on one instance is on every page of both and behind nginx within 5 s, and the old one nowhere", async () => {
    const before = (initialContent("company") as { tagline: string }).tagline;
    const after = "Comfort that keeps moving with you";
    for (const base of [a.url, b.url, nginxBase]) expect(await text(base, "/faq")).toContain(before);

    const company = { ...(initialContent("company") as object), tagline: after };
    const published = await postContentForm(a.url, owner.header, "company", company);
    expect(published.status).toBe(200);
    expect(published.text).toContain("Published as version 2");
    const since = performance.now();

    // Every page that shows the tagline (the footer is on all of them), through every way in.
    const bases = { "instance A": a.url, "instance B": b.url, "nginx before B": nginxBase };
    const seen = await Promise.all(
      Object.entries(bases).flatMap(([way, base]) =>
        [...prerendered, ...rendered].map(async (page) => ({
          way,
          page,
          kind: prerendered.includes(page) ? "prerendered" : "rendered",
          ms: await firstShown(base, page, after, since),
        })),
      ),
    );
    const slowest = (filter: (entry: (typeof seen)[number]) => boolean) =>
      Math.round(Math.max(...seen.filter(filter).map((entry) => entry.ms)));
    console.log(
      `publish → new tagline on every page: kept pages on the other instance within ${slowest((e) => e.way === "instance B" && e.kind === "rendered")} ms, ` +
        `prerendered pages behind nginx within ${slowest((e) => e.way === "nginx before B" && e.kind === "prerendered")} ms, ` +
        `every page everywhere within ${slowest(() => true)} ms`,
    );
    for (const entry of seen) expect(entry.ms, `${entry.way} ${entry.page}`).toBeLessThan(withinMs);

    // From then on the old tagline is on no public page, through any way in, in any theme.
    for (const base of [a.url, b.url, nginxBase]) {
      for (const page of [...prerendered, ...rendered]) {
        const html = await text(base, page);
        expect(html, `${base}${page}`).not.toContain(before);
      }
      for (const theme of themes) {
        const answer = await fetch(new URL("/about", base), { headers: { Cookie: `${themeCookieName}=${theme}` } });
        expect(await answer.text(), `${base}/about in ${theme}`).toContain(after);
      }
    }
  }, 60_000);
});
