import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * React Router ships a production build, with its development warnings off, but its package
 * exports name only the development one, so a build would run the warnings' checks on every
 * render (15–25 % of a page's server time, measured in docs/benchmarks.md). A build resolves
 * `react-router` and `react-router/dom` to the production files, and bundles React Router's
 * Node adapters into the server build so they use that same single copy.
 */
const production = (file: string) => fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

export default defineConfig(({ command, isSsrBuild }) => ({
  build: {
    // The server bundle's entry is our Express app, which embeds the React Router build.
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : undefined,
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
