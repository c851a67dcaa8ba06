import { randomBytes } from "node:crypto";
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
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

/**
 * The folder of the client files where instances write the uploads they have served
 * (server/uploads.ts), for nginx to serve from disk. Not the build's: they are in the database,
 * and none is read, compressed or listed with the client files when the pages are drawn.
 */
export const uploadsOnDiskDir = "files";

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

/**
 * Writes a public file under a name of its own, then renames it over `file`: a reader (nginx
 * reloading, an instance starting) finds the old file or the new one, never half of either. The
 * name is unique, so two processes writing the same file at once do not write into each other's.
 */
export function replacePublicFile(file: string, body: string | Buffer) {
  const temporary = `${file}.${process.pid}-${randomBytes(6).toString("hex")}.tmp`;
  writePublicFile(temporary, body);
  renameSync(temporary, file);
}

export function makePublicDir(dir: string) {
  const first = mkdirSync(dir, { recursive: true });
  if (!first) return;
  // Each folder from the first one made down to `dir`.
  for (let at = dir; at.length >= first.length; at = path.dirname(at)) chmodSync(at, 0o755);
}

async function precompress(
  file: string,
  body: Buffer,
  reuse: boolean,
  brotliQuality: number = constants.BROTLI_MAX_QUALITY,
): Promise<Array<"br" | "gzip">> {
  if (!isCompressible(file) || body.length < 512) return [];
  // Client files are compressed once, at build; a later render for another configuration reads them.
  if (reuse && existsSync(`${file}.br`) && existsSync(`${file}.gz`)) return ["br", "gzip"];
  const [br, gz] = await Promise.all([
    brotliAsync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: brotliQuality,
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

function walk(dir: string, skip?: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (full === skip) return [];
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

/**
 * How long a set of pages that is no longer in place stays on disk. The set just replaced is always
 * kept (a reader may have found its folder an instant before the swap); older ones go once they are
 * this old, so a set that another process sharing the build has just finished, and is about to
 * swap in, is never removed from under it.
 */
const replacedSetKeptMs = 10_000;

/** A set still unfinished after this long belongs to a render that died (a whole set takes seconds). */
const unfinishedSetKeptMs = 10 * 60_000;

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException).code;
}

/** Where the link points, or undefined when there is none (nothing yet, or an older build's real folder). */
function linkTarget(link: string): string | undefined {
  try {
    return readlinkSync(link);
  } catch {
    return undefined;
  }
}

/**
 * Makes `parent/name` a link to `target` with one rename(2) of a new link over the old one, which is
 * atomic: every open through it finds the old set or the new one, never nothing. Returns what it
 * replaced. Two processes swapping at once each put a whole set in place; the last rename wins.
 */
function swapLink(parent: string, name: string, target: string): string | undefined {
  const link = path.join(parent, name);
  const temporary = path.join(parent, `.${name}-${randomBytes(8).toString("hex")}.link`);
  symlinkSync(target, temporary);
  let movedAside: string | undefined;
  for (let attempt = 0; ; attempt++) {
    const replaced = linkTarget(link) ?? movedAside;
    try {
      renameSync(temporary, link);
      return replaced;
    } catch (error) {
      if (errorCode(error) !== "EISDIR" || attempt === 3) {
        rmSync(temporary, { force: true });
        throw error;
      }
    }
    // A real folder, written by a build from before the pages were swapped: rename cannot put a
    // link in a folder's place, so the folder moves aside first and is kept as the replaced set.
    // For that one instant no page is there, and nginx passes its requests to an instance, which
    // holds the pages in memory. This happens once, at the first render after such a build.
    try {
      if (!lstatSync(link).isDirectory()) continue;
      const aside = `.${name}-${randomBytes(8).toString("hex")}`;
      renameSync(link, path.join(parent, aside));
      movedAside = aside;
    } catch (error) {
      // Another process sharing the build moved it first.
      if (errorCode(error) !== "ENOENT") throw error;
    }
  }
}

/** Removes the sets of `name` other than those in place or kept, once they are old enough (see above). */
function removeOldSets(parent: string, name: string, keep: Array<string | undefined>) {
  const current = linkTarget(path.join(parent, name));
  const sets = readdirSync(parent).filter((entry) => entry.startsWith(`.${name}-`));
  // Ages by the file system's own clock (the newest set's time), not the process's: a process run
  // under another clock (faketime, a clock that was set back) must not find a set just finished by
  // another process a day old.
  const modified = (entry: string) => {
    try {
      return lstatSync(path.join(parent, entry)).mtimeMs;
    } catch {
      return -Infinity;
    }
  };
  const now = Math.max(...sets.map(modified));
  for (const entry of sets) {
    if (entry === current || keep.includes(entry)) continue;
    const full = path.join(parent, entry);
    try {
      const age = now - modified(entry);
      if (age < (entry.endsWith(".partial") ? unfinishedSetKeptMs : replacedSetKeptMs)) continue;
      rmSync(full, { recursive: true, force: true });
    } catch {
      // Another process removed it at the same moment; or it will go next time.
    }
  }
}

/**
 * Writes a new set of pages with `write` into a folder of its own, `prerendered/.<name>-<random>`,
 * then swaps it in at `prerendered/<name>`, a link that the manifest and nginx's pages.conf name:
 * a reader gets the whole old set or the whole new one, never a mix or a missing file, and nothing
 * is ever written into a folder being served. Returns the set's folder.
 */
export async function publishPageSet(
  buildDir: string,
  name: string,
  write: (dir: string) => Promise<void>,
): Promise<string> {
  const parent = path.join(buildDir, prerenderedDir);
  const set = `.${name}-${randomBytes(8).toString("hex")}`;
  const unfinished = path.join(parent, `${set}.partial`);
  makePublicDir(unfinished);
  try {
    await write(unfinished);
    // Its age counts from now (see replacedSetKeptMs); renaming a folder leaves its own time alone.
    // A file made and removed in it has the file system set that time, by its own clock: the
    // process's may be another (faketime), and every set's age is read against the file system's.
    const mark = path.join(unfinished, ".finished");
    writeFileSync(mark, "");
    rmSync(mark);
  } catch (error) {
    rmSync(unfinished, { recursive: true, force: true });
    throw error;
  }
  renameSync(unfinished, path.join(parent, set));
  const replaced = swapLink(parent, name, set);
  removeOldSets(parent, name, [set, replaced]);
  return path.join(parent, set);
}

export interface PrerenderOptions {
  /**
   * Brotli's quality for the pages. The build takes the highest; a republish while the site serves
   * takes a lower one, to show a change within about a second (server/republish.ts). The build's
   * client files are compressed once, at the highest, whatever this says.
   */
  pagesBrotliQuality?: number;
}

/**
 * Renders every prerendered route once per theme, compresses every client file with gzip and
 * brotli, and writes the manifest the static handler serves from. Runs after `react-router
 * build`, again at start when the configuration that shapes the pages has changed, and whenever
 * the pages are republished (server/republish.ts).
 */
export async function prerenderSite(
  build: ServerBuild,
  buildDir: string,
  config: Config,
  { pagesBrotliQuality = constants.BROTLI_MAX_QUALITY }: PrerenderOptions = {},
): Promise<StaticManifest> {
  const handler = createRequestHandler(build, "production");
  const clientDir = path.join(buildDir, "client");
  const files: Record<string, ManifestFile> = {};
  for (const file of walk(clientDir, path.join(clientDir, uploadsOnDiskDir))) {
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
  const name = fingerprintId(fingerprint);
  // The manifest names each page through the link, which always points at a whole set.
  const linked = path.join(buildDir, prerenderedDir, name);
  await publishPageSet(buildDir, name, async (outDir) => {
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
          file: path.relative(buildDir, path.join(linked, theme, route.path, "index.html")),
          type: "text/html; charset=utf-8",
          etag: etagOf(body),
          immutable: false,
          encodings: await precompress(file, body, false, pagesBrotliQuality),
          scriptHashes: await inlineScriptHashes(html),
        };
      }
      pages[route.path] = variants;
    }
  });

  const manifest: StaticManifest = { fingerprint, content: contentFingerprint(), files, pages };
  replacePublicFile(manifestPath(buildDir, fingerprint), JSON.stringify(manifest, null, 2));
  return manifest;
}
