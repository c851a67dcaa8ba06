import type { ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, nginxBinary, startNginx, writeNginxConfig } from "./nginx-config";
import { requireBuild, type ServerProcess, startServerProcess } from "./server-process";

const securityHeaderNames = [
  "content-security-policy",
  "strict-transport-security",
  "x-content-type-options",
  "x-frame-options",
  "referrer-policy",
  "cross-origin-opener-policy",
  "cross-origin-resource-policy",
  "permissions-policy",
];

// nginx is a Debian package that .ci/run installs; without it there is nothing to exercise.
describe.runIf(Boolean(nginxBinary))("deploy/nginx.conf in front of the site", () => {
  let app: ServerProcess;
  let nginx: ChildProcess;
  let base = "";

  beforeAll(async () => {
    requireBuild();
    const dir = mkdtempSync(path.join(os.tmpdir(), "aquila-nginx-"));
    app = await startServerProcess();
    const port = await freePort();
    const config = writeNginxConfig(dir, { port, redirectPort: await freePort(), appPort: Number(new URL(app.url).port) });
    base = `http://127.0.0.1:${port}`;
    nginx = await startNginx(config, `${base}/healthz`);
  }, 90_000);

  afterAll(async () => {
    nginx?.kill("SIGQUIT");
    await app?.stop();
  });

  it("serves prerendered pages from disk with their CSP hashes, in the visitor's theme", async () => {
    const response = await fetch(`${base}/about`, { headers: { "Accept-Encoding": "gzip", Cookie: "theme=light" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("server")).toMatch(/^nginx/);
    expect(response.headers.get("content-security-policy")).toMatch(/script-src 'self'( 'sha256-[^']+')+;/);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await response.text()).toMatch(/<html[^>]*data-theme="light"/);
  });

  it("serves hashed assets as immutable, precompressed, with the security headers", async () => {
    const html = await (await fetch(`${base}/contact`)).text();
    const asset = html.match(/\/assets\/[^"]+\.js/)?.[0] ?? "";
    expect(asset, "a script of the contact page").not.toBe("");
    const response = await fetch(`${base}${asset}`, { headers: { "Accept-Encoding": "gzip" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });

  it("sends all eight security headers on every file it serves itself, as the Node server does", async () => {
    const html = await (await fetch(`${base}/contact`)).text();
    const asset = html.match(/\/assets\/[^"]+\.js/)?.[0] ?? "";
    const files = [asset, "/images/apple-touch-icon.png", "/manuals/softech-auto-start-booklet.pdf", "/favicon.ico", "/favicon.svg"];
    for (const file of files) {
      const [fromNginx, fromNode] = await Promise.all([fetch(`${base}${file}`), fetch(`${app.url}${file}`)]);
      expect(fromNginx.status, file).toBe(200);
      expect(fromNginx.headers.get("server"), `${file} is answered by nginx`).toMatch(/^nginx/);
      for (const name of securityHeaderNames) {
        expect(fromNode.headers.get(name), `${name} from Node on ${file}`).not.toBeNull();
        expect(fromNginx.headers.get(name), `${name} from nginx on ${file}`).toBe(fromNode.headers.get(name));
      }
    }
  });

  it("passes everything else to the instances, which add a nonce", async () => {
    const response = await fetch(`${base}/contact`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-security-policy")).toMatch(/'nonce-[^']+'/);
  });

  it("keeps serving the prerendered pages when every instance is down", async () => {
    app.child.kill("SIGTERM");
    await app.exited;
    expect((await fetch(`${base}/product`)).status).toBe(200);
    expect((await fetch(`${base}/contact`)).status).toBe(502);
  });
});
