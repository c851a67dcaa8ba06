import { statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Where the site's public files are: the build's client folder beside the server bundle (whatever
 * folder the server was started from: a publish draws the pages again while it runs), then the
 * build and public/ from the project's folder (tests and the build itself).
 */
const publicDirs = [
  fileURLToPath(new URL("../client", import.meta.url)),
  path.resolve("build/client"),
  path.resolve("public"),
];

/** Size in bytes of a file the site serves from public/ (looked up in the build first). */
export function publicFileSize(relativePath: string): number {
  for (const dir of publicDirs) {
    try {
      return statSync(path.join(dir, relativePath)).size;
    } catch {
      // Try the next place.
    }
  }
  throw new Error(`Missing public file: ${relativePath}`);
}
