import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Prerendering is done by scripts/prerender.mjs (once per theme, with CSP hashes), not here.
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
