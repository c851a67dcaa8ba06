import { statSync } from "node:fs";
import path from "node:path";

/** Size in bytes of a file the site serves from public/ (looked up in the build first). */
export function publicFileSize(relativePath: string): number {
  for (const dir of ["build/client", "public"]) {
    try {
      return statSync(path.resolve(dir, relativePath)).size;
    } catch {
      // Try the next place.
    }
  }
  throw new Error(`Missing public file: ${relativePath}`);
}
