// The server build (`npm run build`): server/app.ts bundled into build/server/index.js. Scripts
// import it through here, so they are type-checked against server/app.ts's exports.
import { existsSync } from "node:fs";

const entry = new URL("../build/server/index.js", import.meta.url);

/** Whether `npm run build` has made the server build. */
export function hasServerBuild() {
  return existsSync(entry);
}

/** @returns {Promise<typeof import("../server/app")>} */
export function importServerBuild() {
  return import(entry.href);
}
