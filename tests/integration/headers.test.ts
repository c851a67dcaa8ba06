import { type ChildProcess, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "#db/sqlite-driver.mjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requires } from "../support/requires";
import { freePort, startNginx, writeNginxConfig } from "./nginx-config";
import { type ServerProcess, startServerProcess } from "./server-process";

const root = path.resolve(import.meta.dirname, "../..");

/** What every HTML response must carry, whoever produced it. */
function expectSecurityHeaders(headers: Headers, where: string) {
  const csp = headers.get("content-security-policy") ?? "";
  expect(csp, where).toMatch(/script-src 'self' ('nonce-[A-Za-z0-9+/=]{20,}'|('sha256-[^']+' ?)+);/);
  for (const directive of [
    "default-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ]) {
    expect(csp, `${where}: ${directive}`).toContain(directive);
  }
  expect(csp, where).not.toContain("unsafe-eval");
  expect(headers.get("strict-transport-security"), where).toMatch(/max-age=(\d{8,})/);
  expect(headers.get("x-content-type-options"), where).toBe("nosniff");
  expect(headers.get("x-frame-options"), where).toBe("DENY");
  expect(headers.get("referrer-policy"), where).toBe("strict-origin-when-cross-origin");
  expect(headers.get("cross-origin-opener-policy"), where).toBe("same-origin");
  expect(headers.get("permissions-policy"), where).toContain("camera=()");
  expect(headers.get("x-powered-by"), where).toBeNull();
}

describe("security headers on every kind of HTML response", () => {
  let server: ServerProcess;
  let databaseFile = "";

  beforeAll(async () => {
    databaseFile = path.join(mkdtempSync(path.join(os.tmpdir(), "aquila-headers-")), "site.sqlite");
    server = await startServerProcess({ DATABASE_URL: databaseFile });
  }, 90_000);

  afterAll(async () => {
    await server?.stop("SIGKILL");
  });

  const cases: Array<[string, string, number, "hash" | "nonce"]> = [
    ["prerendered", "/about", 200, "hash"],
    ["prerendered, light theme", "/product", 200, "hash"],
    ["server-rendered", "/", 200, "nonce"],
    ["server-rendered with data", "/testimonials", 200, "nonce"],
    ["a form page", "/contact", 200, "nonce"],
    ["not found", "/no-such-page", 404, "nonce"],
    ["staff sign-in", "/admin/login", 200, "nonce"],
    ["staff page, signed out", "/admin/messages", 302, "nonce"],
  ];

  it.each(cases)("%s: %s", async (_kind, pathname, status, source) => {
    const response = await fetch(new URL(pathname, server.url), {
      redirect: "manual",
      headers: { Accept: "text/html", Cookie: "theme=light" },
    });
    expect(response.status).toBe(status);
    expectSecurityHeaders(response.headers, pathname);
    expect(response.headers.get("content-security-policy")).toContain(source === "hash" ? "'sha256-" : "'nonce-");
    if (pathname.startsWith("/admin")) expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("a server error: the 500 page carries them too", async () => {
    // Take the reviews' tables away under the running server: its next query fails. (With no
    // reviews, the page reads only their tallies, so those go too.)
    const db = new Database(databaseFile);
    db.exec("drop table testimonials; drop table review_tallies");
    db.close();
    const response = await fetch(new URL("/testimonials?page=2", server.url), { headers: { Accept: "text/html" } });
    expect(response.status).toBe(500);
    expectSecurityHeaders(response.headers, "500");
    expect(await response.text()).not.toMatch(/at .+\(.+:\d+:\d+\)/);
  });
});

// nginx and openssl are Debian packages that .ci/run installs; the scan needs both.
const observatory = "the MDN HTTP Observatory, against the site behind deploy/nginx.conf over TLS";
describe.runIf(requires(observatory, "nginx", "openssl"))(observatory, () => {
  let app: ServerProcess;
  let nginx: ChildProcess;
  let dir = "";
  let ports = { port: 0, redirectPort: 0 };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "aquila-observatory-"));
    const cert = path.join(dir, "cert.pem");
    const key = path.join(dir, "key.pem");
    const made = spawnSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-days",
        "2",
        "-subj",
        "/CN=localhost",
        "-addext",
        "subjectAltName=DNS:localhost",
        "-keyout",
        key,
        "-out",
        cert,
      ],
      { encoding: "utf8" },
    );
    expect(made.status, made.stderr).toBe(0);
    app = await startServerProcess({ SITE_URL: "https://localhost", TRUST_PROXY: "loopback" });
    ports = { port: await freePort(), redirectPort: await freePort() };
    const config = writeNginxConfig(dir, { ...ports, appPort: Number(new URL(app.url).port), tls: { cert, key } });
    nginx = await startNginx(config, `http://127.0.0.1:${ports.redirectPort}/`, 301);
  }, 90_000);

  afterAll(async () => {
    nginx?.kill("SIGQUIT");
    await app?.stop();
  });

  it("grades A+", () => {
    const scan = spawnSync(
      process.execPath,
      [
        path.join(root, "scripts/observatory.mjs"),
        "localhost",
        "--http-port",
        String(ports.redirectPort),
        "--https-port",
        String(ports.port),
        "--json",
      ],
      // The local certificate is trusted for this scan only, as a real one would be.
      { encoding: "utf8", env: { ...process.env, NODE_EXTRA_CA_CERTS: path.join(dir, "cert.pem") }, timeout: 60_000 },
    );
    expect(scan.status === 2 ? scan.stderr : "").toBe("");
    const report = JSON.parse(scan.stdout) as {
      grade: string;
      score: number;
      tests: Array<{ name: string; pass: boolean; result: string }>;
    };
    console.log(`MDN HTTP Observatory: ${report.grade} (${report.score})`);
    mkdirSync(path.join(root, "reports"), { recursive: true });
    writeFileSync(
      path.join(root, "reports/observatory.json"),
      `${JSON.stringify({ date: new Date().toISOString(), ...report }, null, 2)}\n`,
    );
    expect(report.tests.filter((t) => !t.pass).map((t) => `${t.name}: ${t.result}`)).toEqual([]);
    expect(report.grade).toBe("A+");
  }, 90_000);
});
