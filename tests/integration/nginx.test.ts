import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requireBuild, type ServerProcess, startServerProcess } from "./server-process";

const root = path.resolve(import.meta.dirname, "../..");
const nginxBinary = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((candidate) => existsSync(candidate));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * deploy/nginx.conf as shipped, with only what differs on a test machine rewritten: paths to this
 * checkout, loopback ports instead of 80/443, no TLS, and the test instance as the upstream.
 */
function testConfig(dir: string, port: number, redirectPort: number, appPort: number) {
  const site = readFileSync(path.join(root, "deploy/nginx.conf"), "utf8")
    .replaceAll("/srv/aquila", root)
    .replace("listen 80;", `listen 127.0.0.1:${redirectPort};`)
    .replace("listen 443 ssl http2;", `listen 127.0.0.1:${port};`)
    .replace(/^\s*listen \[::\]:\d+.*$/gm, "")
    .replace(/^\s*ssl_\w+ .*$/gm, "")
    .replace(/server 127\.0\.0\.1:300[01]/g, `server 127.0.0.1:${appPort}`);
  const main = `
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
daemon off;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  ${site}
}`;
  const file = path.join(dir, "nginx.conf");
  writeFileSync(file, main);
  return file;
}

// nginx is a Debian package that .ci/run installs; without it there is nothing to exercise.
describe.runIf(Boolean(nginxBinary))("deploy/nginx.conf in front of the site", () => {
  let app: ServerProcess;
  let nginx: ReturnType<typeof spawn>;
  let base = "";

  beforeAll(async () => {
    requireBuild();
    const dir = mkdtempSync(path.join(os.tmpdir(), "aquila-nginx-"));
    app = await startServerProcess();
    const port = await freePort();
    const config = testConfig(dir, port, await freePort(), Number(new URL(app.url).port));
    const check = spawnSync(nginxBinary ?? "nginx", ["-t", "-c", config], { encoding: "utf8" });
    expect(check.status, check.stderr).toBe(0);
    nginx = spawn(nginxBinary ?? "nginx", ["-c", config], { stdio: "ignore" });
    base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 100; i++) {
      if ((await fetch(`${base}/healthz`).catch(() => undefined))?.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 90_000);

  afterAll(async () => {
    nginx?.kill("SIGQUIT");
    if (app && app.child.exitCode === null) {
      app.child.kill("SIGTERM");
      await app.exited;
    }
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
    const html = await (await fetch(`${base}/faq`)).text();
    const asset = html.match(/\/assets\/[^"]+\.js/)?.[0] ?? "";
    const response = await fetch(`${base}${asset}`, { headers: { "Accept-Encoding": "gzip" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
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
