import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

// Every folder under app/features is a feature: a new one is walled off from the others without
// being listed here.
const features = readdirSync(new URL("app/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      "build/**",
      ".react-router/**",
      "node_modules/**",
      "test-results/**",
      "playwright-report/**",
      "reports/**",
      "data/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  jsxA11y.flatConfigs.strict,
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Code flows one way, as in Bulletproof React: routes and the app's composition files use
    // features; a feature uses lib, components and content but never another feature or a route;
    // lib, components, content and db use no feature and no route. Shared code moves down.
    plugins: { "import-x": importX },
    settings: {
      // Resolves `~/` through tsconfig's paths: an import the resolver cannot follow is never checked.
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: `${import.meta.dirname}/tsconfig.json` })],
      // no-cycle reads every module it follows; without these it reads none and finds nothing.
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
    },
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          basePath: import.meta.dirname,
          zones: [
            ...features.map((feature) => ({
              target: `app/features/${feature}`,
              from: "app/features",
              except: [`./${feature}`],
              message:
                "A feature cannot import another feature: move what both need to app/lib or app/components, or compose them in app/ or a route.",
            })),
            { target: "app/features", from: "app/routes", message: "A feature cannot import a route." },
            {
              target: ["app/lib", "app/components", "app/content", "db"],
              from: ["app/features", "app/routes"],
              message: "Shared code cannot import a feature or a route.",
            },
          ],
        },
      ],
      // A cycle makes the order modules load in decide what is defined. Type-only imports are
      // erased and do not count; libraries are not followed, which keeps the rule to a few seconds.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    files: ["scripts/**/*.mjs", "tests/**/*.mjs", "*.config.js"],
    languageOptions: {
      globals: {
        process: "readonly",
        console: "readonly",
        URL: "readonly",
        fetch: "readonly",
        performance: "readonly",
      },
    },
  },
);
