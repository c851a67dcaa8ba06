import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { deployNginxConfig } from "../../scripts/nginx-deploy-config.mjs";
import { nginxBinary } from "../support/requires";

export { freePort } from "./server-process";

export interface NginxPorts {
  /** Where the site is served (TLS when `tls` is given). */
  port: number;
  /** Where plain HTTP answers with a redirect to the site. */
  redirectPort: number;
  appPort: number;
  tls?: { cert: string; key: string };
  /** Another file in place of the build's pages.conf (the prerendered pages of another configuration). */
  pagesConf?: string;
}

/** deploy/nginx.conf as shipped, rewritten for this machine (scripts/nginx-deploy-config.mjs); returns the path of its nginx.conf in `dir`. */
export function writeNginxConfig(dir: string, ports: NginxPorts): string {
  const file = path.join(dir, "nginx.conf");
  writeFileSync(file, deployNginxConfig(dir, ports));
  return file;
}

/**
 * Checks the configuration (throwing nginx's own message if it is refused), starts nginx on it,
 * and waits until `readyUrl` answers `readyStatus`.
 */
export async function startNginx(config: string, readyUrl: string, readyStatus = 200): Promise<ChildProcess> {
  const binary = nginxBinary() ?? "nginx";
  const check = spawnSync(binary, ["-t", "-c", config], { encoding: "utf8" });
  if (check.status !== 0) throw new Error(`nginx refused ${config}:\n${check.stderr}`);
  const nginx = spawn(binary, ["-c", config], { stdio: "ignore" });
  for (let i = 0; i < 100; i++) {
    if ((await fetch(readyUrl, { redirect: "manual" }).catch(() => undefined))?.status === readyStatus) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return nginx;
}
