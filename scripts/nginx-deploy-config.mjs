import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

/** nginx's temporary folders (the http block's), in `dir` rather than the system's. */
export function nginxTempPaths(dir) {
  return ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((kind) => `${kind}_temp_path ${dir}/${kind};`)
    .join("\n  ");
}

/**
 * deploy/nginx.conf as shipped, with only what differs on a test or benchmark machine rewritten:
 * paths to this checkout, loopback ports instead of 80/443, a local certificate or no TLS, and
 * the instance on `appPort` as the upstream. Returns a complete nginx.conf whose own files (pid,
 * logs, temporary folders) are in `dir`. `pagesConf`: another file in place of the build's
 * build/nginx/pages.conf. `viewLog`: where nginx logs the views of the pages it serves itself
 * (in `dir` if not given), or false for no such log.
 */
export function deployNginxConfig(dir, { port, redirectPort, appPort, tls, pagesConf, workers, viewLog }) {
  let site = readFileSync(path.join(root, "deploy/nginx.conf"), "utf8");
  if (pagesConf) site = site.replace("/srv/aquila/build/nginx/pages.conf", pagesConf);
  site = site
    .replaceAll("/srv/aquila", root.replace(/\/$/, ""))
    .replace("/var/log/nginx/aquila.access.log", path.join(dir, "access.log"))
    .replace(/^.*\/var\/log\/aquila\/views\.log.*$/m, (line) =>
      viewLog === false ? "" : line.replace("/var/log/aquila/views.log", viewLog ?? path.join(dir, "views.log")),
    )
    .replaceAll("/var/log/nginx/aquila.error.log", path.join(dir, "site-error.log"))
    .replace("listen 80;", `listen 127.0.0.1:${redirectPort};`)
    .replace(/^\s*listen \[::\]:\d+.*$/gm, "")
    .replace(/server 127\.0\.0\.1:300[01]/g, `server 127.0.0.1:${appPort}`)
    // The redirect keeps the test's port, which a real deployment (443) leaves out.
    .replace("return 301 https://$host$request_uri;", `return 301 https://$host:${port}$request_uri;`);
  if (tls) {
    site = site
      .replace("listen 443 ssl http2;", `listen 127.0.0.1:${port} ssl;`)
      .replace(/ssl_certificate\s+\S+;/, `ssl_certificate ${tls.cert};`)
      .replace(/ssl_certificate_key\s+\S+;/, `ssl_certificate_key ${tls.key};`);
  } else {
    site = site.replace("listen 443 ssl http2;", `listen 127.0.0.1:${port};`).replace(/^\s*ssl_\w+ .*$/gm, "");
  }
  // Started as root, nginx runs its workers as "nobody", who cannot read a checkout in a private
  // directory (mktemp -d makes it 0700); the workers then run as the user who started it.
  const user = process.getuid?.() === 0 ? "user root;" : "";
  return `
${user}
${workers ? `worker_processes ${workers};` : ""}
# As docs/deploy.md asks of /etc/nginx/nginx.conf: isbot's pattern (build/nginx/views.conf) compiled.
pcre_jit on;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
daemon off;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  ${nginxTempPaths(dir)}
  ${site}
}`;
}
