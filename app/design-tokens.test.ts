import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { contrastRatio as contrast } from "../tests/support/contrast";

const appDir = path.dirname(new URL(import.meta.url).pathname);
const css = readFileSync(path.join(appDir, "app.css"), "utf8");

/** Each token's [light, dark] colour, read from the `light-dark()` declarations in app.css. */
function themeTokens(): Record<string, { light: string; dark: string }> {
  const tokens: Record<string, { light: string; dark: string }> = {};
  for (const match of css.matchAll(/--([a-z-]+):\s*light-dark\((#[0-9a-f]{6}),\s*(#[0-9a-f]{6})\)/gi)) {
    tokens[match[1]!] = { light: match[2]!, dark: match[3]! };
  }
  return tokens;
}

// Every pairing the components use: text on a background needs 4.5:1 (WCAG 1.4.3), the focus ring
// and the marks that carry meaning 3:1 against what is behind them (1.4.11).
const textOn: Record<string, string[]> = {
  ink: ["canvas", "surface", "surface-raised", "brand-soft", "art"],
  muted: ["canvas", "surface", "surface-raised", "brand-soft"],
  brand: ["canvas", "surface", "surface-raised", "brand-soft"],
  "brand-ink": ["brand"],
  success: ["canvas", "surface", "success-soft"],
  warning: ["canvas", "surface", "warning-soft"],
  danger: ["canvas", "surface", "danger-soft"],
};
const markOn: Record<string, string[]> = {
  focus: ["canvas", "surface", "surface-raised", "brand-soft"],
  brand: ["canvas", "surface", "surface-raised", "brand-soft", "art"],
  accent: ["canvas", "surface", "surface-raised", "brand-soft", "art"],
  "art-line": ["canvas", "surface", "surface-raised", "brand-soft", "art"],
};

describe("design tokens", () => {
  const tokens = themeTokens();

  for (const theme of ["light", "dark"] as const) {
    it(`every text and background pair meets 4.5:1 in the ${theme} theme`, () => {
      const low: string[] = [];
      for (const [fg, backgrounds] of Object.entries(textOn)) {
        for (const bg of backgrounds) {
          expect(tokens[fg], `--${fg}`).toBeDefined();
          expect(tokens[bg], `--${bg}`).toBeDefined();
          const ratio = contrast(tokens[fg]![theme], tokens[bg]![theme]);
          if (ratio < 4.5) low.push(`${fg} on ${bg}: ${ratio.toFixed(2)}`);
        }
      }
      expect(low).toEqual([]);
    });

    it(`the focus ring and illustration accents meet 3:1 against every surface in the ${theme} theme`, () => {
      const low: string[] = [];
      for (const [fg, backgrounds] of Object.entries(markOn)) {
        for (const bg of backgrounds) {
          const ratio = contrast(tokens[fg]![theme], tokens[bg]![theme]);
          if (ratio < 3) low.push(`${fg} on ${bg}: ${ratio.toFixed(2)}`);
        }
      }
      expect(low).toEqual([]);
    });
  }

  it("the contrast function agrees with known values", () => {
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrast("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
    // The form a browser reports a computed colour in, as the browser tests read it.
    expect(contrast("rgb(118, 118, 118)", "rgba(255, 255, 255, 1)")).toBeCloseTo(4.54, 2);
  });

  it("every font size is a token of the type scale, not one of Tailwind's defaults", () => {
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".test.ts")) {
          const source = readFileSync(file, "utf8");
          for (const match of source.matchAll(/(?<![\w-])(?:[a-z]+:)*text-(?:xs|sm|base|lg|[2-9]?xl)(?![\w-])/g)) {
            found.push(`${path.relative(appDir, file)}: ${match[0]}`);
          }
        }
      }
    };
    walk(appDir);
    expect(found).toEqual([]);
  });

  it("the type scale runs from small to display, each step larger than the one before", () => {
    const size = (name: string) => {
      const value = new RegExp(`--text-${name}:\\s*([^;]+);`).exec(css)?.[1];
      expect(value, `--text-${name}`).toBeDefined();
      // clamp(min, …, max) is compared at its largest, and its smallest must not undercut body text.
      const numbers = [...value!.matchAll(/([\d.]+)rem/g)].map((m) => Number(m[1]));
      return { min: numbers[0]!, max: numbers.at(-1)! };
    };
    const steps = ["small", "body", "lead", "subheading", "heading", "title", "display"].map(size);
    for (let i = 1; i < steps.length; i++) expect(steps[i]!.max).toBeGreaterThan(steps[i - 1]!.max);
    for (const step of steps.slice(1)) expect(step.min).toBeGreaterThanOrEqual(size("body").min);
  });
});
