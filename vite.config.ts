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
const production = (file: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

type ChunkingContext = { getModuleInfo(id: string): { importers: readonly string[]; isEntry: boolean } | null };

/** The app files (relative to app/, without a query) that import a module, directly or through others. */
function importedBy(id: string, ctx: ChunkingContext): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>([id]);
  const queue = [id];
  while (queue.length) {
    for (const importer of ctx.getModuleInfo(queue.pop()!)?.importers ?? []) {
      if (seen.has(importer)) continue;
      seen.add(importer);
      files.add(
        importer
          .split("?")[0]!
          .replace(/^.*[\\/]app[\\/]/, "")
          .replaceAll("\\", "/"),
      );
      queue.push(importer);
    }
  }
  return files;
}

/** The route modules of the public pages that load JavaScript (most are HTML only: docs/decisions/005). */
const hydratedPages = new Set(
  allRoutes.filter((entry) => entry.page && entry.hydrate !== false).map((entry) => entry.file),
);

/**
 * Which chunk a module goes to. Every page runs the client entry and the root route, so what they
 * import is one chunk for the frameworks and one for the site's frame; what two or more of the
 * pages with JavaScript share is "parts"; what one of them shares with pages that load no
 * JavaScript is that page's "<page>-parts". Each costs a request and its headers, so a page loads
 * 8 or 9 files instead of 25–28 (docs/decisions/018). null: the bundler decides (a route's own
 * modules stay in its chunk; what is imported lazily stays out).
 */
function chunkOf(id: string, ctx: ChunkingContext): string | null {
  if (ctx.getModuleInfo(id)?.isEntry) return null;
  const importers = importedBy(id, ctx);
  if (importers.has("root.tsx") || [...importers].some((file) => file.endsWith("entry.client.tsx"))) {
    return /[\\/]node_modules[\\/]/.test(id) ? "framework" : "frame";
  }
  if (/[\\/]node_modules[\\/]/.test(id)) return null;
  const pages = [...importers].filter((file) => hydratedPages.has(file));
  if (pages.length === 0) return null;
  return pages.length > 1 ? "parts" : `${path.basename(pages[0]!).replace(/\.[jt]sx?$/, "")}-parts`;
}

/** Each module's chunk, worked out once for the four groups that ask (the module graph is fixed by then). */
const chunks = new Map<string, string | null>();

/** A chunking group that takes the modules `chunkOf` sends to the chunks `wanted` accepts. */
const only = (wanted: (chunk: string) => boolean) => (id: string, ctx: ChunkingContext) => {
  if (!chunks.has(id)) chunks.set(id, chunkOf(id, ctx));
  const chunk = chunks.get(id) ?? null;
  return chunk !== null && wanted(chunk) ? chunk : null;
};

export default defineConfig(({ command, isSsrBuild }) => ({
  build: {
    // The server bundle's entry is our Express app, which embeds the React Router build.
    rolldownOptions: isSsrBuild
      ? { input: "./server/app.ts" }
      : {
          output: {
            codeSplitting: {
              // One group per kind, highest first: a group takes its modules' dependencies along,
              // so the shared chunks must claim theirs before a page's own group can.
              groups: [
                { name: only((chunk) => chunk === "framework"), priority: 4 },
                { name: only((chunk) => chunk === "frame"), priority: 3 },
                { name: only((chunk) => chunk === "parts"), priority: 2 },
                { name: only((chunk) => chunk.endsWith("-parts")), priority: 1 },
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
  ssr:
    command === "build" ? { noExternal: ["react-router", "@react-router/node", "@react-router/express"] } : undefined,
  plugins: [tailwindcss(), reactRouter()],
}));
