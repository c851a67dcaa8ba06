/**
 * Makes a server-rendered document start React only after its first paint.
 *
 * Every page is complete and usable as HTML (forms post, menus are <details>), so React can
 * arrive a moment later. As React Router renders it, the document asks for its JavaScript from
 * the <head> (modulepreload) and evaluates it as soon as the HTML is parsed; on a slow phone that
 * download competes with the page's own first paint. Here the preload links come out of the
 * <head>, and the bootstrap module (`import * as route0 from "…"; … import("entry")`) becomes one
 * that waits for a frame to be painted, then adds the same preloads and imports the same modules
 * in the same way. Documents without the bootstrap (pages that are not hydrated) are unchanged.
 */
export function deferHydration(html: string): string {
  // The preloads are in the <head> and the bootstrap after it: each search covers only its part of
  // the document, and the result is put together from slices (a render's document is ~100 KB).
  const headEnd = html.indexOf("</head>");
  const bootstrap = /(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*?)(<\/script>)/g;
  bootstrap.lastIndex = Math.max(0, headEnd);
  const found = bootstrap.exec(html);
  if (!found) return html;
  const [whole, open, code = "", close] = found;
  const imports: Array<{ name: string; href: string }> = [];
  let index = 0;
  const rest = code.replace(/import\s+(?:\*\s+as\s+(\w+)\s+from\s+)?"([^"]+)";/g, (_statement, name: string | undefined, href: string) => {
    imports.push({ name: name ?? `sideEffect${index++}`, href });
    return "";
  });
  if (imports.length === 0) return html;

  const preloads: string[] = [];
  const headPart = headEnd === -1 ? "" : html.slice(0, headEnd);
  const headWithoutPreloads = headPart.replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/g, (link) => {
    const href = /\bhref="([^"]+)"/.exec(link)?.[1];
    if (href) preloads.push(href);
    return "";
  });
  const names = imports.map((i) => i.name).join(", ");
  const loads = imports.map((i) => `import(${JSON.stringify(i.href)})`).join(", ");
  const deferred = [
    "const start = async () => {",
    `  for (const href of ${JSON.stringify(preloads)}) {`,
    '    const link = document.createElement("link");',
    '    link.rel = "modulepreload";',
    "    link.href = href;",
    "    document.head.append(link);",
    "  }",
    `  const [${names}] = await Promise.all([${loads}]);`,
    rest.trim(),
    "};",
    "requestAnimationFrame(() => setTimeout(start, 0));",
  ].join("\n");
  const from = found.index;
  return headWithoutPreloads + html.slice(headPart.length, from) + open + deferred + close + html.slice(from + whole.length);
}
