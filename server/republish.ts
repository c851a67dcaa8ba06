import { readFileSync } from "node:fs";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { type Config, renderFingerprint } from "../app/lib/config.server";
import { log } from "../app/lib/logger.server";
import { nginxPagesConfig } from "./nginx";
import { prerenderedDir, prerenderSite, replacePublicFile } from "./prerender";
import { headerOptions } from "./security-headers";
import { fingerprintId, readManifest, type StaticHandler, type StaticManifest } from "./static-files";

/**
 * Brotli's quality for the pages of a republish, which must show a change on every instance within
 * seconds even on a busy machine. Measured on a 2-core machine busy with other work (load 8–9), 27
 * pages (1.07 MB of HTML), the brotli and gzip copies of each page made together as the build makes
 * them: compressing took 1.7–2.3 s at the build's quality 11 (176 KB of brotli), 0.41–0.80 s at 10
 * (182 KB), 0.25–0.46 s at 9 (195 KB) and 0.03 s at 5 (196 KB); rendering, writing and swapping add
 * about 0.2 s. At 10 a publish reached every page behind nginx in 1.5–1.9 s on a quiet machine but
 * 5.5 s under a full test run; 5 costs about half a kilobyte more per page sent, and keeps the
 * redraw well inside the promise (the next build takes 11 again).
 */
export const republishBrotliQuality = 5;

export interface Republish {
  build: ServerBuild;
  buildDir: string;
  config: Config;
  /** The instance's own handler of the pages, which serves the new set once it is in place. */
  serveStatic?: Pick<StaticHandler, "replace">;
}

/**
 * Runs `task` one call at a time. A call while it runs asks for one more run after it, which every
 * further call until that run starts shares: what changed before a call is in the run that answers
 * it, and ten quick calls cost two runs, not ten, nor two at once.
 */
export function coalesced<A, T>(task: (arg: A) => Promise<T>): (arg: A) => Promise<T> {
  let running = false;
  let queued: { arg: A; promise: Promise<T>; settle: (run: Promise<T>) => void } | undefined;
  const run = (arg: A): Promise<T> => {
    running = true;
    const result = Promise.resolve().then(() => task(arg));
    const next = () => {
      running = false;
      const waiting = queued;
      queued = undefined;
      if (waiting) waiting.settle(run(waiting.arg));
    };
    void result.then(next, next);
    return result;
  };
  return (arg: A) => {
    if (!running) return run(arg);
    if (queued) {
      // The run not yet started takes the newest arguments.
      queued.arg = arg;
      return queued.promise;
    }
    let settle: (run: Promise<T>) => void = () => {};
    const promise = new Promise<T>((resolve, reject) => {
      settle = (started) => started.then(resolve, reject);
    });
    queued = { arg, promise, settle };
    return promise;
  };
}

/** The CSP hashes nginx sends with a page: the union over its theme variants, as pages.conf lists them. */
function hashesOf(variants: StaticManifest["pages"][string] | undefined): string {
  return JSON.stringify([...new Set(Object.values(variants ?? {}).flatMap((variant) => variant.scriptHashes))].sort());
}

/**
 * nginx sends each prerendered page with the CSP that build/nginx/pages.conf gives it, which lists
 * the hashes of the page's inline scripts. The code among them is fixed by the build, but the
 * structured data (application/ld+json: the FAQ's questions and answers, the breadcrumbs) is
 * hashed too, and it changes with the text. When the file nginx has no longer matches, it is
 * written again, and nginx sends the new CSP only once it is reloaded (docs/deploy.md).
 */
function updateNginxPages(buildDir: string, config: Config, before: StaticManifest | undefined, after: StaticManifest) {
  const file = path.join(buildDir, "nginx", "pages.conf");
  let written: string;
  try {
    written = readFileSync(file, "utf8");
  } catch {
    // No nginx in front of this build (the build writes the file, so only a copy made without it).
    return;
  }
  // nginx serves the pages of the configuration the build was made with; an instance started with
  // another one renders pages that only it serves.
  if (!written.includes(`/${prerenderedDir}/${fingerprintId(after.fingerprint)}/`)) return;
  const wanted = nginxPagesConfig(after, headerOptions(config));
  if (wanted === written) return;
  replacePublicFile(file, wanted);
  const pages = Object.keys(after.pages).filter(
    (route) => hashesOf(before?.pages[route]) !== hashesOf(after.pages[route]),
  );
  log.warn(
    "the inline scripts of prerendered pages changed, so build/nginx/pages.conf was written again: reload nginx (systemctl reload nginx), or it sends these pages with their old CSP",
    { pages, file },
  );
}

async function republishOnce({ build, buildDir, config, serveStatic }: Republish): Promise<StaticManifest> {
  const began = performance.now();
  const before = readManifest(buildDir, renderFingerprint(config));
  const manifest = await prerenderSite(build, buildDir, config, { pagesBrotliQuality: republishBrotliQuality });
  serveStatic?.replace(manifest);
  updateNginxPages(buildDir, config, before, manifest);
  log.info("prerendered pages republished", {
    pages: Object.keys(manifest.pages).length,
    ms: Math.round(performance.now() - began),
  });
  return manifest;
}

/**
 * Renders every prerendered page again with the running build and configuration, swaps the new
 * set in for nginx (server/prerender.ts), has `serveStatic` serve it, writes the manifest, and
 * answers with it. For a change to what the pages show while the site serves: one render at a
 * time in this process, and calls during a render share the one after it.
 */
export const republishPages = coalesced(republishOnce);
