import path from "node:path";
import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { allRoutes } from "./app/route-manifest";

/**
 * React Router ships a production build, with its development warnings off, but its package
 * exports name only the development one, so a build would run the warnings' checks on every
 * render (15–25 % of a page's server time, measured in docs/benchmarks.md). A build resolves
 * `react-router` and `react-router/dom` to the production files, and bundles React Router's
 * Node adapters into the server build so they use that same single copy.
 */
const production = (file: string) => fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

/**
 * Every page runs the client entry and the root route, so what they import statically is one
 * chunk for the frameworks and one for the site's frame, instead of a dozen small files each
 * costing a request and its headers (docs/benchmarks.md counts the bytes). Route modules keep
 * their own chunks, and what is imported lazily stays out.
 */
type ChunkingContext = { getModuleInfo(id: string): { importers: readonly string[]; isEntry: boolean } | null };

/** Whether the client entry or the root route imports a module, directly or through others. */
function everyPageLoads(id: string, ctx: ChunkingContext): boolean {
  if (ctx.getModuleInfo(id)?.isEntry) return false;
  const seen = new Set<string>();
  const queue = [id];
  while (queue.length) {
    const current = queue.pop()!;
    if (seen.has(current)) continue;
    seen.add(current);
    for (const importer of ctx.getModuleInfo(current)?.importers ?? []) {
      if (/[\\/](root\.tsx|entry\.client\.tsx)$/.test(importer)) return true;
      queue.push(importer);
    }
  }
  return false;
}

/** The route modules of the public pages that load JavaScript (most are HTML only: docs/decisions/005). */
const hydratedPages = new Set(allRoutes.filter((entry) => entry.page && entry.hydrate !== false).map((entry) => entry.file));

/**
 * The pages among those that import a module, directly or through others, as a chunk name: a
 * module two or more of them share goes to "parts"; one that only one of them uses (with pages
 * that load no JavaScript) goes to a chunk for that page. null: none of them uses it.
 */
function hydratedPagesChunk(id: string, ctx: ChunkingContext): string | null {
  if (ctx.getModuleInfo(id)?.isEntry) return null;
  const seen = new Set<string>();
  const pages = new Set<string>();
  const queue = [id];
  while (queue.length) {
    const current = queue.pop()!;
    if (seen.has(current)) continue;
    seen.add(current);
    for (const importer of ctx.getModuleInfo(current)?.importers ?? []) {
      const file = importer.split("?")[0]!.replace(/^.*[\\/]app[\\/]/, "").replaceAll("\\", "/");
      if (hydratedPages.has(file)) pages.add(file);
      else if (!ctx.getModuleInfo(importer)?.isEntry) queue.push(importer);
    }
  }
  if (pages.size === 0) return null;
  return pages.size > 1 ? "parts" : `${path.basename([...pages][0]!).replace(/\.[jt]sx?$/, "")}-parts`;
}

const inNodeModules = (id: string) => /[\\/]node_modules[\\/]/.test(id);

export default defineConfig(({ command, isSsrBuild }) => ({
  build: {
    // The server bundle's entry is our Express app, which embeds the React Router build.
    rolldownOptions: isSsrBuild
      ? { input: "./server/app.ts" }
      : {
          output: {
            codeSplitting: {
              groups: [
                { name: (id, ctx) => (inNodeModules(id) && everyPageLoads(id, ctx) ? "framework" : null), priority: 4 },
                { name: (id, ctx) => (!inNodeModules(id) && everyPageLoads(id, ctx) ? "frame" : null), priority: 3 },
                // Shared parts first, so a page's own group cannot take them in as its dependencies.
                { name: (id, ctx) => (!inNodeModules(id) && hydratedPagesChunk(id, ctx) === "parts" ? "parts" : null), priority: 2 },
                { name: (id, ctx) => (inNodeModules(id) ? null : hydratedPagesChunk(id, ctx)), priority: 1 },
              ],
            },
          },
        },
  },
  resolve: {
    tsconfigPaths: true,
    alias:
      command === "build"
        ? [
            { find: /^react-router$/, replacement: production("index.mjs") },
            { find: /^react-router\/dom$/, replacement: production("dom-export.mjs") },
          ]
        : [],
  },
  ssr: command === "build" ? { noExternal: ["react-router", "@react-router/node", "@react-router/express"] } : undefined,
  plugins: [tailwindcss(), reactRouter()],
}));
