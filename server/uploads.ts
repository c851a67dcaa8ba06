import { existsSync } from "node:fs";
import path from "node:path";
import type { NextFunction, Request, Response } from "express";
import { readUploadFile } from "../app/lib/uploads/uploads.server";
import { filePathPattern } from "../app/lib/uploads/refs";
import { databaseAway, outageRetryAfterSeconds } from "../app/lib/database-outage.server";
import { log } from "../app/lib/logger.server";
import { makePublicDir, replacePublicFile, uploadsOnDiskDir } from "./prerender";

/** A file's address never serves other bytes (it names their hash): any cache may keep it for a year. */
export const uploadCacheControl = "public, max-age=31536000, immutable";

/**
 * Serves the uploaded files under /files/ (docs/decisions/034-uploads.md) from the database, with
 * the type their bytes were checked to be (and, as every answer, the security headers: nosniff), and writes each one, once served, under the build's
 * client folder, where nginx then serves it from disk like the prerendered pages.
 */
export function serveUploads(buildDir: string) {
  const diskDir = path.join(buildDir, "client", uploadsOnDiskDir);
  const onDisk = new Set<string>();
  const writeToDisk = (filePath: string, bytes: Buffer) => {
    // Written before, and still there (a new build empties the client folder under a running instance).
    if (onDisk.has(filePath) && existsSync(path.join(diskDir, filePath))) return;
    onDisk.add(filePath);
    try {
      const target = path.join(diskDir, filePath);
      // Readable by nginx whatever the umask (the systemd unit's is 0077), as the pages are.
      makePublicDir(path.dirname(target));
      // nginx never sees half a file: the name appears only once the bytes are all there.
      replacePublicFile(target, bytes);
    } catch (error) {
      onDisk.delete(filePath);
      log.warn("an uploaded file could not be written to disk", {
        path: filePath,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  };
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    // Mounted at /files: the path here is what follows it.
    const filePath = req.path.slice(1);
    const match = filePathPattern.exec(filePath);
    if (!match) return next();
    if (databaseAway()) {
      res.setHeader("Retry-After", String(outageRetryAfterSeconds));
      res.setHeader("Cache-Control", "no-store");
      res.status(503).type("text/plain").send("The file cannot be read just now. Please try again in a moment.");
      return;
    }
    let file: Awaited<ReturnType<typeof readUploadFile>>;
    try {
      file = await readUploadFile(filePath);
    } catch (error) {
      next(error);
      return;
    }
    if (!file) return next();
    res.setHeader("Content-Type", file.type);
    res.setHeader("Content-Length", String(file.size));
    res.setHeader("Cache-Control", uploadCacheControl);
    // A PDF opens in the browser's reader and saves under its own name.
    if (match[2]) res.setHeader("Content-Disposition", `inline; filename="${match[2]}"`);
    res.status(200).end(req.method === "HEAD" ? undefined : file.bytes);
    writeToDisk(filePath, file.bytes);
  };
}
