import type { ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import Database from "#db/sqlite-driver.mjs";
import { concatTransformationMatrix, drawObject, PDFDocument, popGraphicsState, pushGraphicsState } from "pdf-lib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requires } from "../support/requires";
import { type SeededSession, signInAsTestStaff } from "../support/seed";
import { deployNginxConfig } from "../../scripts/nginx-deploy-config.mjs";
import { publishPageSet } from "../../server/prerender";
import { freePort, startNginx, writeNginxConfig } from "./nginx-config";
import { requireBuild, type ServerProcess, startServerProcess } from "./server-process";

/**
 * For tests that sign in (or guess) dozens of times: each attempt runs scrypt with N = 2^17
 * (docs/decisions/003-admin-sessions.md), about 0.3 s on a fast core and 0.9 s on a slow one.
 */
const signInsTimeout = 90_000;

const root = path.resolve(import.meta.dirname, "../..");

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

/**
 * A PDF of about `size` bytes, as a scanner writes one: a page per picture of grey noise, different
 * each time (so a new upload, never on disk yet). The upload check reads a name such as /JS anywhere
 * in the file's bytes, pictures included, which random bytes of this size hold one time in twenty
 * or so: no byte of these pictures is a "/".
 */
async function scannedPdf(size: number): Promise<Buffer> {
  const document = await PDFDocument.create();
  const side = 1024;
  for (let left = size; left > 0; left -= side * side) {
    const rows = Math.max(1, Math.min(side, Math.floor(left / side)));
    const pixels = randomBytes(side * rows).map((byte) => (byte === 0x2f ? 0x2e : byte));
    const picture = document.context.register(
      document.context.stream(pixels, {
        Type: "XObject",
        Subtype: "Image",
        Width: side,
        Height: rows,
        ColorSpace: "DeviceGray",
        BitsPerComponent: 8,
      }),
    );
    const page = document.addPage([612, 792]);
    const name = page.node.newXObject("Scan", picture);
    page.pushOperators(
      pushGraphicsState(),
      concatTransformationMatrix(512, 0, 0, (512 * rows) / side, 50, 100),
      drawObject(name),
      popGraphicsState(),
    );
  }
  return Buffer.from(await document.save({ useObjectStreams: false }));
}

// nginx is a Debian package that .ci/run installs; without it there is nothing to exercise.
const suite = "deploy/nginx.conf in front of the site";
describe.runIf(requires(suite, "nginx"))(suite, () => {
  let app: ServerProcess;
  let nginx: ChildProcess;
  let base = "";
  let redirectBase = "";
  let dir = "";

  beforeAll(async () => {
    requireBuild();
    dir = mkdtempSync(path.join(os.tmpdir(), "aquila-nginx-"));
    // As docs/deploy.md says to run the instances behind this nginx.
    // The one instance that reads nginx's view log reads it here (writeNginxConfig's default).
    app = await startServerProcess({
      TRUST_PROXY: "loopback",
      VISIT_FLUSH_MS: "100",
      VIEW_LOG: path.join(dir, "views.log"),
    });
    const port = await freePort();
    const redirectPort = await freePort();
    const config = writeNginxConfig(dir, { port, redirectPort, appPort: Number(new URL(app.url).port) });
    base = `http://127.0.0.1:${port}`;
    redirectBase = `http://127.0.0.1:${redirectPort}`;
    nginx = await startNginx(config, `${base}/healthz`);
  }, 90_000);

  afterAll(async () => {
    nginx?.kill("SIGQUIT");
    await app?.stop();
  });

  it("logs each request without the visitor's address, as the privacy policy says", async () => {
    const marker = `/privacy?log-check=${Date.now()}`;
    expect((await fetch(`${base}${marker}`, { headers: { "X-Forwarded-For": "203.0.113.9" } })).status).toBe(200);
    // nginx writes the line once the response is sent; give it a moment.
    let log = "";
    for (let i = 0; i < 50 && !log.includes('"GET /privacy"'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      log = readFileSync(path.join(dir, "access.log"), "utf8");
    }
    expect(log).toMatch(/^\S+ "GET \/privacy" 200 \d+ [\d.]+$/m);
    expect(log).not.toContain("127.0.0.1");
    expect(log).not.toContain("203.0.113.9");
    // $uri carries no query string, so nothing typed into a search box reaches the log either.
    expect(log).not.toContain("log-check");
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

  it("reads each page through the link to the set in place, and serves a set swapped in without a reload", async () => {
    // nginx follows links unless told not to, and without a cache of open files it opens each page
    // anew: a set swapped in (server/prerender.ts) is served from the next request on.
    const site = readFileSync(path.join(root, "deploy", "nginx.conf"), "utf8");
    const pages = readFileSync(path.join(root, "build", "nginx", "pages.conf"), "utf8");
    for (const text of [site, pages]) expect(text).not.toMatch(/disable_symlinks|open_file_cache/);
    const name = /\/prerendered\/([0-9a-f]+)\//.exec(pages)?.[1] ?? "";
    const link = path.join(root, "build", "prerendered", name);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    const about = await fetch(`${base}/about`, { headers: { "Accept-Encoding": "identity", Cookie: "theme=light" } });
    expect(await about.text()).toBe(
      readFileSync(path.join(realpathSync(link), "light", "about", "index.html"), "utf8"),
    );

    // The same nginx over a build folder of its own, whose pages are swapped while it serves.
    const swapped = mkdtempSync(path.join(os.tmpdir(), "aquila-nginx-sets-"));
    const page = (generation: number) =>
      `<!DOCTYPE html><html><body>generation ${generation} ${"x".repeat(64 * 1024)}</body></html>`;
    const publish = (generation: number) =>
      publishPageSet(swapped, name, async (dir) => {
        for (const theme of ["light", "dark", "system"]) {
          mkdirSync(path.join(dir, theme, "about"), { recursive: true });
          writeFileSync(path.join(dir, theme, "about", "index.html"), page(generation));
        }
      });
    await publish(0);
    const ownDir = mkdtempSync(path.join(os.tmpdir(), "aquila-nginx-"));
    const port = await freePort();
    const config = path.join(ownDir, "nginx.conf");
    const text = deployNginxConfig(ownDir, {
      port,
      redirectPort: await freePort(),
      appPort: Number(new URL(app.url).port),
    });
    expect(text).toContain(`root ${root}/build;`);
    writeFileSync(config, text.replace(`root ${root}/build;`, `root ${swapped};`));
    const own = await startNginx(config, `http://127.0.0.1:${port}/healthz`);
    try {
      const get = async () =>
        (await fetch(`http://127.0.0.1:${port}/about`, { headers: { "Accept-Encoding": "identity" } })).text();
      expect(await get()).toBe(page(0));
      // Requests all the while sets are swapped in: each answer is one whole set's page, from disk
      // (a page nginx did not find would have come from the instance, which knows no such text).
      const answers: string[] = [];
      let swapping = true;
      const asking = (async () => {
        while (swapping) answers.push(await get());
      })();
      for (let generation = 1; generation <= 20; generation++) {
        await publish(generation);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      swapping = false;
      await asking;
      expect(answers.length).toBeGreaterThan(20);
      const generations = new Set(
        answers.map((answer) => /^<!DOCTYPE html><html><body>generation (\d+) x+<\/body><\/html>$/.exec(answer)?.[1]),
      );
      expect(generations).not.toContain(undefined);
      expect(generations.size).toBeGreaterThan(2);
      expect(await get()).toBe(page(20));
    } finally {
      own.kill("SIGQUIT");
    }
  });

  it("logs a person's view of a page it serves from disk, without who they are, and an instance counts it once", async () => {
    const file = app.output().match(/"msg":"database ready","dialect":"sqlite","location":"([^"]+)"/)?.[1] ?? "";
    const views = () => {
      const db = new Database(file, { readonly: true });
      try {
        return db
          .prepare(
            "select channel, source, medium, sum(views) as views from visit_counts where page = '/case-studies' group by channel, source, medium order by channel",
          )
          .all() as { channel: string; source: string; medium: string; views: number }[];
      } finally {
        db.close();
      }
    };
    const chrome = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Safari/537.36";
    // Not one of the common names nginx decides at once: isbot's whole pattern finds no program in it.
    const rare = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0 SeaMonkey/2.53.20";
    const page = await fetch(`${base}/case-studies`, {
      headers: { "User-Agent": chrome, Referer: "https://www.bing.com/search?q=cushion" },
    });
    expect(page.status).toBe(200);
    expect(page.headers.get("server")).toMatch(/^nginx/);
    expect(await page.text()).toContain("<html");
    await (
      await fetch(`${base}/case-studies?utm_source=newsletter&utm_medium=email`, { headers: { "User-Agent": chrome } })
    ).text();
    await (await fetch(`${base}/case-studies`, { headers: { "User-Agent": rare } })).text();
    // Not counted: programs, a browser that asks not to be, a page fetched ahead of time, a HEAD, a staff member.
    const staff = `theme=dark; aquila_session=${"a".repeat(43)}`;
    const refused: Record<string, string>[] = [
      { "User-Agent": "curl/8.5.0" },
      { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
      {},
      { "User-Agent": chrome, "Sec-GPC": "1" },
      { "User-Agent": chrome, DNT: "1" },
      { "User-Agent": chrome, "Sec-Purpose": "prefetch" },
      { "User-Agent": chrome, Cookie: staff },
    ];
    for (const headers of refused) await (await fetch(`${base}/case-studies`, { headers })).text();
    await fetch(`${base}/case-studies`, { method: "HEAD", headers: { "User-Agent": chrome } });
    const expected = [
      { channel: "direct", source: "", medium: "", views: 1 },
      { channel: "email", source: "newsletter", medium: "email", views: 1 },
      { channel: "search", source: "Bing", medium: "", views: 1 },
    ];
    // nginx writes its buffer within a second, the instance reads each second and writes every 100 ms.
    for (let i = 0; i < 100 && JSON.stringify(views()) !== JSON.stringify(expected); i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(views()).toEqual(expected);
    // The log holds three lines, with neither the browser's name, nor the address, nor the referrer's path.
    const log = readFileSync(path.join(dir, "views.log"), "utf8");
    expect(log.trim().split("\n")).toHaveLength(3);
    expect(log).not.toMatch(/Mozilla|Chrome|search\?q|cushion|aquila_session/);
    expect(log).toContain("\twww.bing.com\t");
  });

  it("serves hashed assets as immutable, precompressed, with the security headers", async () => {
    const html = await (await fetch(`${base}/contact`)).text();
    // The frameworks' chunk, which every such page loads: scripts too small to gain are not compressed.
    const asset = html.match(/\/assets\/framework-[^"]+\.js/)?.[0] ?? "";
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
    const files = [
      asset,
      "/images/apple-touch-icon.png",
      "/manuals/softech-auto-start-booklet.pdf",
      "/favicon.ico",
      "/favicon.svg",
    ];
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

  /** nginx's own answer to what it refuses: the site's page, the security headers, never stored, no version. */
  function expectOwnErrorPage(response: Response, body: string, label: string) {
    expect(response.headers.get("server"), label).toBe("nginx");
    for (const name of securityHeaderNames) expect(response.headers.get(name), `${name} on ${label}`).not.toBeNull();
    expect(response.headers.get("cache-control"), label).toBe("no-store");
    expect(response.headers.get("content-type"), label).toMatch(/^text\/html/);
    expect(body, label).toMatch(/<title>[^<]+ \| Aquila<\/title>/);
    expect(body, label).not.toMatch(/nginx\//);
  }

  it("answers what nginx itself refuses with the site's error page and the security headers", async () => {
    const tooLarge = await fetch(`${base}/api/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "x".repeat(100 * 1024),
    });
    expect(tooLarge.status).toBe(413);
    expectOwnErrorPage(tooLarge, await tooLarge.text(), "413");
    // The form that edits a whole content item may be larger: nginx passes it to the instance,
    // which sends a sessionless post to sign in; over its own limit, nginx refuses it too.
    const contentForm = (bytes: number) =>
      fetch(`${base}/admin/content/faq`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
        body: `edition=1.0&intent=save&answer=${"x".repeat(bytes)}`,
        redirect: "manual",
      });
    const large = await contentForm(1024 * 1024);
    expect(large.status).not.toBe(413);
    expect(large.status).toBeLessThan(500);
    const over = await contentForm(3 * 1024 * 1024);
    expect(over.status).toBe(413);
    expectOwnErrorPage(over, await over.text(), "413 on a content form");
    // A file nginx serves itself takes no POST.
    const notAllowed = await fetch(`${base}/favicon.svg`, {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: "x",
    });
    expect(notAllowed.status).toBe(405);
    expectOwnErrorPage(notAllowed, await notAllowed.text(), "405");
    // Two Host headers: a request nginx cannot take.
    const raw = await new Promise<string>((resolve) => {
      let answer = "";
      const socket = net.connect(Number(new URL(base).port), "127.0.0.1", () =>
        socket.write("GET /about HTTP/1.1\r\nHost: a.example\r\nHost: b.example\r\n\r\n"),
      );
      socket.on("data", (chunk: Buffer) => (answer += chunk.toString()));
      socket.on("close", () => resolve(answer));
      socket.on("error", () => resolve(answer));
    });
    const [head = "", body = ""] = raw.split("\r\n\r\n");
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    const headers = new Headers(
      head
        .split("\r\n")
        .slice(1)
        .map((line) => line.split(/:\s*/, 2) as [string, string]),
    );
    expectOwnErrorPage(new Response(null, { headers }), body, "400");
  });

  it("marks only files that exist under /assets/ immutable", async () => {
    const missing = await fetch(`${base}/assets/no-such-file-0123abcd.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("cache-control") ?? "").not.toContain("immutable");
    expectOwnErrorPage(missing, await missing.text(), "404 under /assets/");
  });

  it("names no version on the plain-HTTP redirect", async () => {
    const response = await fetch(`${redirectBase}/about`, { redirect: "manual" });
    expect(response.status).toBe(301);
    expect(response.headers.get("server")).toBe("nginx");
    expect(await response.text()).not.toMatch(/nginx\//);
  });

  it("never passes /metrics on to an instance, even with a token", async () => {
    const response = await fetch(`${base}/metrics`, { headers: { Authorization: "Bearer anything-at-all-here-0123" } });
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("aquila_");
  });

  it("passes everything else to the instances, which add a nonce", async () => {
    // A page no cache keeps (a kept /contact would carry its scripts' hashes instead).
    const response = await fetch(`${base}/admin/login`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-security-policy")).toMatch(/'nonce-[^']+'/);
  });

  it(
    "counts sign-in guesses by the address nginx saw, whatever X-Forwarded-For the client forges",
    async () => {
      const statuses: number[] = [];
      for (let i = 1; i <= 25; i++) {
        const response = await fetch(`${base}/api/auth/login`, {
          method: "POST",
          // No Origin: a script, not a browser (nginx passes Host without the test port).
          headers: { "Content-Type": "application/json", "X-Forwarded-For": `198.51.100.${i}` },
          body: JSON.stringify({ username: `guess-${i}`, password: "not-the-password" }),
        });
        statuses.push(response.status);
      }
      // 20 attempts per address in 15 minutes (app/features/auth/sign-in-limits.server.ts).
      expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
      expect(statuses.slice(20)).toEqual(Array(5).fill(429));
      // Read back from the database the limits keep them in: every guess under nginx's address.
      const file = app.output().match(/"msg":"database ready","dialect":"sqlite","location":"([^"]+)"/)?.[1] ?? "";
      const db = new Database(file, { readonly: true });
      const addresses = db.prepare("select ip, count(*) as n from sign_in_failures group by ip").all();
      db.close();
      expect(addresses).toEqual([{ ip: "127.0.0.1", n: 20 }]);
      // And the log names no address at all (/privacy).
      expect(app.output()).toMatch(/"msg":"sign-in failed","username":"guess-1"/);
      expect(app.output()).not.toContain("198.51.100.");
      expect(app.output()).not.toMatch(/"ip":/);
    },
    signInsTimeout,
  );

  it("counts contact posts by the address nginx saw, whatever X-Forwarded-For the client forges", async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 8; i++) {
      const response = await fetch(`${base}/api/contact`, {
        method: "POST",
        // No Origin: a script, not a browser (nginx passes Host without the test port).
        headers: { "Content-Type": "application/json", "X-Forwarded-For": `203.0.113.${i}, 192.0.2.${i}` },
        body: JSON.stringify({
          name: "Sam Example",
          email: "sam@example.com",
          phone: "",
          topic: "product",
          message: `Which cushion size fits seat ${i}?`,
          consent: true,
          honeypot: "",
        }),
      });
      statuses.push(response.status);
    }
    // FORM_RATE_LIMIT: 5 posts per address in ten minutes.
    expect(statuses.slice(0, 5).every((status) => status === 201)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
  });

  /** The instance's log lines for requests to `path` (it logs each request it answers, nginx's excepted). */
  const instanceRequests = (method: string, path: string) =>
    app
      .output()
      .split("\n")
      .filter((line) => line.includes(`"msg":"request","method":"${method}","path":"${path}"`)).length;

  /**
   * Waits until the instance has logged everything it answered so far: a request it logs, sent
   * after, is logged after them (its lines are written in order, each once its answer is sent).
   */
  async function instanceLogCaughtUp() {
    const marker = `/no-such-page-${randomBytes(6).toString("hex")}`;
    await (await fetch(`${app.url}${marker}`)).text();
    for (let i = 0; i < 100 && instanceRequests("GET", marker) === 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(instanceRequests("GET", marker)).toBe(1);
  }

  /** The security headers nginx adds to each file it serves itself, as the build wrote them. */
  const staticHeaders = () =>
    [
      ...readFileSync(path.join(root, "build", "nginx", "static-headers.conf"), "utf8").matchAll(
        /^add_header ([\w-]+) "([^"]*)" always;$/gm,
      ),
    ].map(([, name, value]) => [name!.toLowerCase(), value!] as const);

  let editor: SeededSession;
  /** The uploads' files this file wrote to disk (through the instance), removed at the end. */
  const uploaded: string[] = [];
  afterAll(() => {
    for (const id of uploaded)
      rmSync(path.join(root, "build", "client", "files", id), { recursive: true, force: true });
  });

  /** Posts the admin's upload form through nginx, as an editor: to the page, or as its script does, to its data. */
  async function uploadThroughNginx(address: string, kind: string, name: string, bytes: Buffer) {
    editor ??= await signInAsTestStaff(databaseFile(), "editor");
    const form = new FormData();
    form.set("kind", kind);
    form.set("file", new Blob([new Uint8Array(bytes)]), name);
    const answer = await fetch(`${base}${address}`, {
      method: "POST",
      // No Origin: a script, not a browser (nginx passes Host without the test port).
      headers: { Cookie: editor.header },
      body: form,
      redirect: "manual",
    });
    return { answer, text: await answer.text() };
  }

  /**
   * The file at `address` (under /files/): the first GET through nginx is the instance's, which
   * writes it to disk; the second is nginx's own, from that file, with the headers `expected`.
   */
  async function servedFromDiskAfterFirstGet(
    address: string,
    bytes: Buffer | undefined,
    expected: Record<string, string | null>,
  ) {
    const file = path.join(root, "build", "client", address);
    expect(existsSync(file), `${address} is not on disk before it is asked for`).toBe(false);
    const first = await fetch(`${base}${address}`);
    expect(first.status, address).toBe(200);
    const body = Buffer.from(await first.arrayBuffer());
    if (bytes) expect(body.equals(bytes), `${address} from the instance`).toBe(true);
    for (const [name, value] of Object.entries(expected))
      expect(first.headers.get(name), `${name} from the instance`).toBe(value);
    await instanceLogCaughtUp();
    expect(instanceRequests("GET", address), `${address} answered by the instance`).toBe(1);
    // Written once its answer is sent, under a temporary name renamed when whole.
    for (let i = 0; i < 100 && !existsSync(file); i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(readFileSync(file).equals(body), `${address} on disk`).toBe(true);

    const second = await fetch(`${base}${address}`);
    expect(second.status, address).toBe(200);
    expect(Buffer.from(await second.arrayBuffer()).equals(body), `${address} from disk`).toBe(true);
    for (const [name, value] of Object.entries(expected))
      expect(second.headers.get(name), `${name} from nginx`).toBe(value);
    for (const [name, value] of staticHeaders()) expect(second.headers.get(name), `${name} from nginx`).toBe(value);
    // nginx's own answer from a file: its modification time and a range it can send.
    expect(second.headers.get("last-modified")).not.toBeNull();
    expect(second.headers.get("accept-ranges")).toBe("bytes");
    await instanceLogCaughtUp();
    expect(instanceRequests("GET", address), `${address} not asked of the instance again`).toBe(1);
    return body;
  }

  /** The SQLite file the instance logged it opened. */
  const databaseFile = () =>
    app.output().match(/"msg":"database ready","dialect":"sqlite","location":"([^"]+)"/)?.[1] ?? "";

  it("passes a manual of 15 MB to the instance, and serves it from disk once the instance has written it there", async () => {
    const bytes = await scannedPdf(15 * 1024 * 1024);
    expect(bytes.length).toBeGreaterThan(15 * 1024 * 1024);
    const { answer, text } = await uploadThroughNginx("/admin/files", "manual", "Large Scanned Guide.pdf", bytes);
    expect(answer.status, text.slice(0, 500)).toBe(200);
    expect(text).toContain("Uploaded large-scanned-guide.pdf");
    await instanceLogCaughtUp();
    expect(instanceRequests("POST", "/admin/files")).toBe(1);
    const id = createHash("sha256").update(bytes).digest("hex").slice(0, 32);
    uploaded.push(id);
    await servedFromDiskAfterFirstGet(`/files/${id}/large-scanned-guide.pdf`, bytes, {
      "content-type": "application/pdf",
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
      "content-disposition": 'inline; filename="large-scanned-guide.pdf"',
    });
  }, 60_000);

  it("refuses an upload of 25 MB itself, before the instance reads any of it", async () => {
    const bytes = await scannedPdf(25 * 1024 * 1024);
    const before = instanceRequests("POST", "/admin/files");
    const { answer, text } = await uploadThroughNginx("/admin/files", "manual", "too-large.pdf", bytes);
    expect(answer.status).toBe(413);
    expectOwnErrorPage(answer, text, "413 on an upload");
    await instanceLogCaughtUp();
    expect(instanceRequests("POST", "/admin/files")).toBe(before);
  }, 60_000);

  it("takes a photo posted by the upload page's script, and serves each copy from disk once written", async () => {
    // Noise, so the photo is new and larger than the 64 KB nginx allows elsewhere.
    const bytes = await sharp(randomBytes(800 * 600 * 3), { raw: { width: 800, height: 600, channels: 3 } })
      .jpeg()
      .toBuffer();
    expect(bytes.length).toBeGreaterThan(64 * 1024);
    // A browser that runs the page's script posts the form to its data address.
    const { answer, text } = await uploadThroughNginx("/admin/files.data", "photo", "Portrait.jpg", bytes);
    expect(answer.status, text.slice(0, 500)).toBe(200);
    expect(text).toContain("800 × 600 pixels");
    await instanceLogCaughtUp();
    expect(instanceRequests("POST", "/admin/files.data")).toBe(1);
    const id = createHash("sha256").update(bytes).digest("hex").slice(0, 32);
    uploaded.push(id);
    for (const [format, type] of [
      ["avif", "image/avif"],
      ["webp", "image/webp"],
      ["jpg", "image/jpeg"],
    ] as const) {
      const copy = await servedFromDiskAfterFirstGet(`/files/${id}/640.${format}`, undefined, {
        "content-type": type,
        "cache-control": "public, max-age=31536000, immutable",
        "x-content-type-options": "nosniff",
        "content-disposition": null,
      });
      expect((await sharp(copy).metadata()).width).toBe(640);
    }
  }, 60_000);

  it("keeps serving the prerendered pages when every instance is down", async () => {
    app.child.kill("SIGTERM");
    await app.exited;
    expect((await fetch(`${base}/product`)).status).toBe(200);
    const down = await fetch(`${base}/contact`);
    expect(down.status).toBe(502);
    expectOwnErrorPage(down, await down.text(), "502");
    // And the uploads' files an instance has written to disk.
    expect(uploaded).toHaveLength(2);
    const [manual, photo] = uploaded;
    for (const address of [`/files/${manual}/large-scanned-guide.pdf`, `/files/${photo}/640.webp`])
      expect((await fetch(`${base}${address}`)).status, address).toBe(200);
    // One never asked for was never written: nginx asks the instance, which is not there.
    expect((await fetch(`${base}/files/${photo}/320.webp`)).status).toBe(502);
  });
});
