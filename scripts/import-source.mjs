// Lets the plain Node scripts import the project's TypeScript modules (the route manifest, the
// content, the schemas) and read their real values, rather than parsing source text that a
// reformat would silently break. The modules go through jiti, the TypeScript loader ESLint and
// Tailwind already use, with the tsconfig's `~/*` paths and no cache written to disk.
import { fileURLToPath } from "node:url";
import { createJiti } from "jiti";

const root = new URL("..", import.meta.url);
const jiti = createJiti(import.meta.url, { fsCache: false, tsconfigPaths: true });

/**
 * The module at `relative` (from the project's root), e.g. "app/content/site.ts". Its type is the
 * caller's to name, with a JSDoc cast to e.g. `typeof import("../app/content/site")`.
 * @param {string} relative
 * @returns {Promise<unknown>}
 */
export function importSource(relative) {
  return jiti.import(fileURLToPath(new URL(relative, root)));
}
