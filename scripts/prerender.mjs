// After `react-router build`: render the static pages, compress every file, write the manifest.
import { readdirSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { importServerBuild } from "./server-build.mjs";

const buildDir = fileURLToPath(new URL("../build", import.meta.url));
// Pages rendered by an earlier build (for any configuration) are stale now.
rmSync(`${buildDir}/prerendered`, { recursive: true, force: true });
for (const name of readdirSync(buildDir)) {
  if (/^static-manifest\..+\.json$/.test(name)) rmSync(`${buildDir}/${name}`);
}
const { prerender, writeNginxPages } = await importServerBuild();
let manifest;
try {
  manifest = await prerender(buildDir);
} catch (error) {
  // A prerendered route that reads the database fails the build with what to do instead.
  if (!(error instanceof Error) || error.name !== "PrerenderError") throw error;
  console.error(`Build failed: ${error.message}`);
  process.exit(1);
}
await writeNginxPages(buildDir, manifest);
const pages = Object.keys(manifest.pages);
console.log(`prerendered ${pages.length} pages × 3 themes; ${Object.keys(manifest.files).length} files compressed`);
process.exit(0);
