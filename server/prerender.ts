import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { ServerBuild } from "react-router";
import { createRequestHandler } from "react-router";
import { type Config, renderFingerprint } from "../app/lib/config.server";
import { renderWithoutDatabase } from "../app/lib/db.server";
import { siteRoutes } from "../app/route-manifest";
import { type Theme, themeCookieName, themes } from "../app/lib/theme";
import { contentFingerprint } from "./content";
import { inlineScriptHashes } from "./security-headers";
import {
  contentTypeOf,
  etagOf,
  fingerprintId,
  manifestPath,
  isCompressible,
  type ManifestFile,
  type ManifestPage,
  type StaticManifest,
} from "./static-files";

/** The folder of the build that holds the prerendered pages (nginx serves them from it, server/nginx.ts). */
export const prerenderedDir = "prerendered";

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * What the build and the start write for nginx to serve (pages, their compressed copies, the
 * manifest, nginx's includes) is public: readable by all, whatever the umask the site runs with
 * (the systemd unit sets 0077, so that the database and anything else it writes stays private).
 */
export function writePublicFile(file: string, body: string | Buffer) {
  writeFileSync(file, body);
  chmodSync(file, 0o644);
}

export function makePublicDir(dir: string) {
  const first = mkdirSync(dir, { recursive: true });
  if (!first) return;
  // Each folder from the first one made down to `dir`.
  for (let at = dir; at.length >= first.length; at = path.dirname(at)) chmodSync(at, 0o755);
}

async function precompress(file: string, body: Buffer, reuse: boolean): Promise<Array<"br" | "gzip">> {
  if (!isCompressible(file) || body.length < 512) return [];
  // Client files are compressed once, at build; a later render for another configuration reads them.
  if (reuse && existsSync(`${file}.br`) && existsSync(`${file}.gz`)) return ["br", "gzip"];
  const [br, gz] = await Promise.all([
    brotliAsync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: 9 }),
  ]);
  writePublicFile(`${file}.br`, br);
  writePublicFile(`${file}.gz`, gz);
  return ["br", "gzip"];
}

/** A prerendered route whose render read the database: its data would be frozen at build. */
export class PrerenderError extends Error {
  constructor(readonly path: string) {
    super(
      `${path} is prerendered (render: "prerender" in app/route-manifest.ts), but rendering it reads the database, ` +
        `so its data would be frozen at build. Render it per request instead (remove render: "prerender", ` +
        `and add cache: { query: [the parameters it reads] } if anonymous visitors may share its answer), or move what it reads into app/content/.`,
    );
    this.name = "PrerenderError";
  }
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

/**
 * Renders every prerendered route once per theme, compresses every client file with gzip and
 * brotli, and writes the manifest the static handler serves from. Runs after `react-router
 * build`, and again at start when the configuration that shapes the pages has changed.
 */
export async function prerenderSite(build: ServerBuild, buildDir: string, config: Config): Promise<StaticManifest> {
  const handler = createRequestHandler(build, "production");
  const clientDir = path.join(buildDir, "client");
  const files: Record<string, ManifestFile> = {};
  for (const file of walk(clientDir)) {
    if (/\.(br|gz)$/.test(file) || file.endsWith(".vite/manifest.json")) continue;
    const rel = path.relative(clientDir, file).split(path.sep).join("/");
    if (rel.startsWith(".vite/")) continue;
    const body = readFileSync(file);
    files[`/${rel}`] = {
      file: path.relative(buildDir, file),
      type: contentTypeOf(file),
      etag: etagOf(body),
      immutable: rel.startsWith("assets/"),
      encodings: await precompress(file, body, true),
    };
  }

  const pages: StaticManifest["pages"] = {};
  const fingerprint = renderFingerprint(config);
  // Each configuration renders into its own folder, so instances with different settings can
  // share one build directory.
  const outDir = path.join(buildDir, prerenderedDir, fingerprintId(fingerprint));
  for (const route of siteRoutes.filter((r) => r.prerender)) {
    const variants = {} as Record<Theme, ManifestPage>;
    for (const theme of themes) {
      const request = new Request(new URL(route.path, config.siteUrl), {
        headers: { Cookie: `${themeCookieName}=${theme}`, "User-Agent": "aquila-prerender" },
      });
      const { result, touchedDatabase } = await renderWithoutDatabase(route.path, async () => {
        const answer = await handler(request);
        return { status: answer.status, html: await answer.text() };
      });
      const { status, html } = result;
      if (touchedDatabase) throw new PrerenderError(route.path);
      if (status !== 200) {
        throw new Error(`Prerendering ${route.path} answered ${status}: ${html.slice(0, 300)}`);
      }
      const dir = path.join(outDir, theme, route.path);
      makePublicDir(dir);
      const file = path.join(dir, "index.html");
      const body = Buffer.from(html, "utf8");
      writePublicFile(file, body);
      variants[theme] = {
        file: path.relative(buildDir, file),
        type: "text/html; charset=utf-8",
        etag: etagOf(body),
        immutable: false,
        encodings: await precompress(file, body, false),
        scriptHashes: await inlineScriptHashes(html),
      };
    }
    pages[route.path] = variants;
  }

  const manifest: StaticManifest = { fingerprint, content: contentFingerprint(), files, pages };
  const target = manifestPath(buildDir, fingerprint);
  writePublicFile(`${target}.${process.pid}.tmp`, JSON.stringify(manifest, null, 2));
  renameSync(`${target}.${process.pid}.tmp`, target);
  return manifest;
}
