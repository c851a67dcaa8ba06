// The servers compared on the same bytes: nginx as deployed, nginx serving Node's files, a bare Node
// server, and the check that they all answer alike.
import { Buffer } from "node:buffer";
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { gunzipSync } from "node:zlib";
import { importSource } from "../../import-source.mjs";
import { deployNginxConfig, nginxTempPaths } from "../../nginx-deploy-config.mjs";
import { buildDir, freePort, nginxPath, root, stopper } from "../common.mjs";
import { acceptEncoding, onCore } from "./wrk.mjs";

/** Turns of Node and nginx on the same bytes (each side's median turn is reported). */
export const pairTurns = 3;

/** Waits until a server just started answers `url`; stops it and says why if it exits first or never answers. */
async function whenAnswering(child, stop, url, why = (exit) => `The server exited (${exit})`) {
  for (let i = 0; ; i++) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(why(child.exitCode ?? child.signalCode));
    }
    try {
      await fetchRaw(url);
      return;
    } catch (error) {
      if (i > 100) {
        await stop();
        throw error;
      }
      await sleep(100);
    }
  }
}

/**
 * One GET or POST, with the body as bytes and the headers as sent.
 * @param {string} url
 * @param {{ method?: string, headers?: Record<string, string>, body?: string }} [request]
 */
export function fetchRaw(url, { method = "GET", headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    // A new connection each time: a kept-alive one may have been closed by the server meanwhile.
    const req = request(url, { method, headers, agent: false }, (res) => {
      const chunks = [];
      res.on("data", (chunk) => chunks.push(chunk));
      res.on("end", () =>
        resolve({
          status: res.statusCode,
          headers: res.headers,
          rawHeaders: res.rawHeaders,
          body: Buffer.concat(chunks),
        }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** Every file of every static manifest in build/, by ETag: which file on disk a response came from. */
export function filesByEtag() {
  const found = new Map();
  for (const name of readdirSync(buildDir).filter((entry) => /^static-manifest\..+\.json$/.test(entry))) {
    const manifest = JSON.parse(readFileSync(path.join(buildDir, name), "utf8"));
    for (const variants of Object.values(manifest.pages))
      for (const meta of Object.values(variants)) found.set(meta.etag, meta);
    for (const meta of Object.values(manifest.files)) found.set(meta.etag, meta);
  }
  return found;
}

export function largestScript() {
  const dir = path.join(buildDir, "client", "assets");
  const scripts = readdirSync(dir).filter((name) => name.endsWith(".js"));
  scripts.sort((a, b) => statSync(path.join(dir, b)).size - statSync(path.join(dir, a)).size);
  if (!scripts[0]) throw new Error("No scripts in build/client/assets");
  return `/assets/${scripts[0]}`;
}

const skippedHeaders = new Set([
  "date",
  "connection",
  "keep-alive",
  "content-length",
  "content-encoding",
  "content-type",
  "etag",
  "last-modified",
  "transfer-encoding",
]);

/** nginx directives that send the headers the Node server sent with this response (ETag and Date are nginx's own). */
function headerDirectives(headers) {
  const lines = [];
  const [mime, ...params] = String(headers["content-type"])
    .split(";")
    .map((part) => part.trim());
  const charset = params.find((param) => param.startsWith("charset="))?.slice("charset=".length);
  lines.push("types { }", `default_type ${mime};`);
  // text/html is always one of nginx's charset_types; naming it again only draws a warning.
  if (charset) lines.push(`charset ${charset};`, ...(mime === "text/html" ? [] : [`charset_types ${mime};`]));
  for (const [name, value] of Object.entries(headers)) {
    if (skippedHeaders.has(name)) continue;
    for (const one of Array.isArray(value) ? value : [value]) {
      if (/[$"\\]/.test(one)) throw new Error(`Cannot copy the ${name} header into nginx's configuration: ${one}`);
      lines.push(`add_header ${name} "${one}" always;`);
    }
  }
  return lines.map((line) => `      ${line}`).join("\n");
}

/**
 * bare-node.mjs on the server's core, answering each path with what the site answered it with
 * (gzip; the site's Date and connection headers left to Node, as on the site).
 */
export async function startBareNode(siteUrl, paths, pin) {
  const answers = {};
  for (const urlPath of paths) {
    const answer = await fetchRaw(`${siteUrl}${urlPath}`, { headers: { "Accept-Encoding": acceptEncoding } });
    if (answer.status !== 200) throw new Error(`${urlPath} answered ${answer.status}`);
    const headers = [];
    for (let i = 0; i < answer.rawHeaders.length; i += 2) {
      if (!/^(date|connection|keep-alive)$/i.test(answer.rawHeaders[i]))
        headers.push(answer.rawHeaders[i], answer.rawHeaders[i + 1]);
    }
    answers[urlPath] = { headers, body: answer.body.toString("base64") };
  }
  const tmp = mkdtempSync(path.join(os.tmpdir(), "aquila-bench-bare-"));
  const file = path.join(tmp, "answers.json");
  writeFileSync(file, JSON.stringify(answers));
  const port = await freePort();
  const command = [process.execPath, path.join(root, "scripts", "bench", "bare-node.mjs"), file, String(port)];
  const [program, ...args] = onCore(pin, pin.server, command);
  const child = spawn(program, args, { stdio: ["ignore", "inherit", "inherit"] });
  const stop = stopper(child, "SIGTERM", tmp);
  const url = `http://127.0.0.1:${port}`;
  await whenAnswering(child, stop, `${url}${paths[0]}`, (exit) => `The bare Node server exited (${exit})`);
  return { url, stop };
}

/**
 * nginx as deployed (deploy/nginx.conf, one worker) in front of the instance on `appPort`, logging
 * the views of the pages it serves from disk to `viewLog`, or to no such log if it is false.
 */
export async function startDeployNginx({ pin, appPort, viewLog }) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), "aquila-bench-deploy-"));
  chmodSync(tmp, 0o755);
  const port = await freePort();
  const config = path.join(tmp, "nginx.conf");
  writeFileSync(config, deployNginxConfig(tmp, { port, redirectPort: await freePort(), appPort, viewLog, workers: 1 }));
  const [file, ...args] = onCore(pin, pin.server, [nginxPath, "-p", tmp, "-c", config]);
  const child = spawn(file, args, { stdio: ["ignore", "inherit", "inherit"] });
  const stop = stopper(child, "SIGQUIT", tmp);
  const url = `http://127.0.0.1:${port}`;
  await whenAnswering(child, stop, `${url}/healthz`, (exit) => `nginx exited (${exit}) on ${config}`);
  return { url, stop };
}

/** nginx (Debian's, from a generated configuration in a temporary folder) serving the same files as Node. */
export async function startNginx({ page, asset, kept, pin }) {
  const port = await freePort();
  const tmp = mkdtempSync(path.join(os.tmpdir(), "aquila-bench-nginx-"));
  chmodSync(tmp, 0o755);
  // As root, nginx's workers would run as "nobody", who may not be able to read the checkout.
  const config = `${process.getuid?.() === 0 ? "user root;\n" : ""}daemon off;
worker_processes 1;
pid ${tmp}/nginx.pid;
error_log ${tmp}/error.log warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  server_tokens off;
  sendfile on;
  tcp_nopush on;
  ${nginxTempPaths(tmp)}
  gzip_static on;
  server {
    listen 127.0.0.1:${port};
    root ${buildDir};
    location = ${page.path} {
${headerDirectives(page.headers)}
      try_files /${page.file} =404;
    }
    location /assets/ {
      root ${path.join(buildDir, "client")};
${headerDirectives(asset.headers)}
      try_files $uri =404;
    }
${kept
  .map(
    (one) => `    location = ${one.path} {
      root ${tmp};
${headerDirectives(one.headers)}
      try_files /${one.file} =404;
    }`,
  )
  .join("\n")}
  }
}
`;
  for (const one of kept) {
    writeFileSync(path.join(tmp, one.file), one.body);
    writeFileSync(path.join(tmp, `${one.file}.gz`), one.gzip);
  }
  writeFileSync(path.join(tmp, "nginx.conf"), config);
  const command = [nginxPath, "-p", tmp, "-c", path.join(tmp, "nginx.conf")];
  const [file, ...args] = onCore(pin, pin.server, command);
  const child = spawn(file, args, { stdio: ["ignore", "inherit", "inherit"] });
  const stop = stopper(child, "SIGQUIT", tmp);
  const url = `http://127.0.0.1:${port}`;
  await whenAnswering(child, stop, `${url}${page.path}`, (exit) => `nginx exited (${exit}); configuration:\n${config}`);
  return { url, stop };
}

/**
 * A page as Node keeps it, gzip and plain: asks until it comes from memory (its CSP lists script
 * hashes, not a nonce). A page with forms is sent with new tickets in each answer (decision 022);
 * nginx and the bare server then send the copy of one answer, so they do less than Node does.
 */
export async function keptCopy(url, urlPath) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const gz = await fetchRaw(`${url}${urlPath}`, { headers: { "Accept-Encoding": acceptEncoding } });
    const fromMemory = !String(gz.headers["content-security-policy"] ?? "").includes("'nonce-");
    if (gz.status === 200 && fromMemory && gz.headers["content-encoding"] === "gzip")
      return { headers: gz.headers, gzip: gz.body, body: gunzipSync(gz.body) };
    await sleep(20);
  }
  throw new Error(`${urlPath} was never kept`);
}

/** What must be the same in every server's answer: the page, with any form tickets blanked. */
function comparable(res, ticketValuePattern) {
  const body = res.headers["content-encoding"] === "gzip" ? gunzipSync(res.body) : res.body;
  return Buffer.from(body.toString("latin1").replace(ticketValuePattern, 'name="ticket" value=""'), "latin1");
}

/** Checks that every server sends the same status, encoding and page (decompressed, form tickets aside) for the same request. */
export async function compare(servers, urlPath) {
  const { ticketValuePattern } = /** @type {typeof import("../../../app/lib/form-ticket")} */ (
    await importSource("app/lib/form-ticket.ts")
  );
  const headers = { "Accept-Encoding": acceptEncoding };
  const answers = await Promise.all(Object.values(servers).map(({ url }) => fetchRaw(`${url}${urlPath}`, { headers })));
  const sha = (body) => createHash("sha256").update(body).digest("hex");
  const headerBytes = (res) => res.rawHeaders.reduce((sum, part) => sum + Buffer.byteLength(part) + 2, 0);
  const result = { path: urlPath };
  for (const [i, key] of Object.keys(servers).entries()) {
    const res = answers[i];
    result[key] = {
      status: res.status,
      encoding: res.headers["content-encoding"] ?? "none",
      bodyBytes: res.body.length,
      headerBytes: headerBytes(res),
      sha: sha(comparable(res, ticketValuePattern)),
    };
  }
  const [first, ...others] = Object.keys(servers).map((key) => result[key]);
  result.sameBody = others.every((other) => other.sha === first.sha);
  result.ok =
    result.sameBody && [first, ...others].every((one) => one.status === 200 && one.encoding === first.encoding);
  return result;
}
