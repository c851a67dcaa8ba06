import { describe, expect, it } from "vitest";
import { deferHydration } from "./defer-hydration.server";

const defer = (html: string) => deferHydration(Buffer.from(html, "utf8")).toString("utf8");

const document = `<html><head><link rel="modulepreload" href="/assets/entry.js"/><link rel="modulepreload" href="/assets/root.js" nonce="abc"/><link rel="icon" href="/favicon.svg"/></head><body><main>Hi</main><script>window.__reactRouterContext = {};</script><script nonce="abc" type="module" async="">;
import * as route0 from "/assets/root.js";
import * as route1 from "/assets/faq.js";
  window.__reactRouterManifest = {"url": "/assets/manifest.js"};
  window.__reactRouterRouteModules = {"root":route0,"routes/faq":route1};

import("/assets/entry.js");</script></body></html>`;

describe("deferring React until after the first paint", () => {
  const result = defer(document);

  it("takes the modulepreload links out of the head and keeps the other links", () => {
    expect(result).not.toContain('rel="modulepreload" href');
    expect(result).toContain('<link rel="icon" href="/favicon.svg"/>');
  });

  it("keeps the bootstrap's attributes and other scripts as they were", () => {
    expect(result).toContain('<script nonce="abc" type="module" async="">');
    expect(result).toContain("<script>window.__reactRouterContext = {};</script>");
  });

  it("imports the same modules under the same names, then runs the rest, after a painted frame", async () => {
    const code = /<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/.exec(result)?.[1] ?? "";
    expect(code).not.toMatch(/^\s*import\s/m);
    expect(code).toContain(
      'const [route0, route1] = await Promise.all([import("/assets/root.js"), import("/assets/faq.js")]);',
    );
    expect(code).toContain('window.__reactRouterRouteModules = {"root":route0,"routes/faq":route1};');
    expect(code).toContain('for (const href of ["/assets/entry.js","/assets/root.js"])');
    expect(code.trim().endsWith("requestAnimationFrame(() => setTimeout(start, 0));")).toBe(true);
    // It is valid JavaScript.
    expect(() => new Function(code.replace(/await /g, ""))).not.toThrow();
  });

  it("leaves a page without a bootstrap alone", () => {
    const plain = "<html><head></head><body><script>x()</script></body></html>";
    expect(defer(plain)).toBe(plain);
  });

  it("works on the bytes, leaving text outside the head and the bootstrap exactly as it was", () => {
    const withText = document.replace(
      "<main>Hi</main>",
      "<main>“Quoted” — café ✓</main><script>const a = '<script type=\"module\">';</script>",
    );
    const out = defer(withText);
    const between = (text: string) =>
      text.slice(text.indexOf("</head>"), text.indexOf('<script nonce="abc" type="module"'));
    expect(between(out)).toBe(between(withText));
    expect(out).toContain("<main>“Quoted” — café ✓</main>");
    expect(out).toContain('<script nonce="abc" type="module" async="">const start = async () => {');
  });
});
