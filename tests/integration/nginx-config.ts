import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

export const nginxBinary = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((candidate) => existsSync(candidate));

export { freePort } from "./server-process";

export interface NginxPorts {
  /** Where the site is served (TLS when `tls` is given). */
  port: number;
  /** Where plain HTTP answers with a redirect to the site. */
  redirectPort: number;
  appPort: number;
  tls?: { cert: string; key: string };
}

/**
 * deploy/nginx.conf as shipped, with only what differs on a test machine rewritten: paths to this
 * checkout, loopback ports instead of 80/443, a local certificate or no TLS, and the test instance
 * as the upstream. Returns the path of a complete nginx.conf in `dir`.
 */
export function writeNginxConfig(dir: string, { port, redirectPort, appPort, tls }: NginxPorts): string {
  let site = readFileSync(path.join(root, "deploy/nginx.conf"), "utf8")
    .replaceAll("/srv/aquila", root)
    .replace("/var/log/nginx/aquila.access.log", path.join(dir, "access.log"))
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
  const main = `
${user}
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

/**
 * Checks the configuration (throwing nginx's own message if it is refused), starts nginx on it,
 * and waits until `readyUrl` answers `readyStatus`.
 */
export async function startNginx(config: string, readyUrl: string, readyStatus = 200): Promise<ChildProcess> {
  const binary = nginxBinary ?? "nginx";
  const check = spawnSync(binary, ["-t", "-c", config], { encoding: "utf8" });
  if (check.status !== 0) throw new Error(`nginx refused ${config}:\n${check.stderr}`);
  const nginx = spawn(binary, ["-c", config], { stdio: "ignore" });
  for (let i = 0; i < 100; i++) {
    if ((await fetch(readyUrl, { redirect: "manual" }).catch(() => undefined))?.status === readyStatus) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return nginx;
}
