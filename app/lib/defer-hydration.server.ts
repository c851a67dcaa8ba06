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
 *
 * It works on the document's bytes as React wrote them: only the <head> (for the preloads) and
 * the bootstrap script are read as text; the rest (most of a ~100 KB document) is copied as it
 * is, never decoded and encoded again.
 */
export function deferHydration(document: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const headEnd = document.indexOf("</head>");
  const bootstrap = findBootstrap(document, Math.max(0, headEnd));
  if (!bootstrap) return document;
  const imports: Array<{ name: string; href: string }> = [];
  let index = 0;
  const rest = bootstrap.code.replace(
    /import\s+(?:\*\s+as\s+(\w+)\s+from\s+)?"([^"]+)";/g,
    (_statement, name: string | undefined, href: string) => {
      imports.push({ name: name ?? `sideEffect${index++}`, href });
      return "";
    },
  );
  if (imports.length === 0) return document;

  const preloads: string[] = [];
  const head = headEnd === -1 ? "" : document.toString("utf8", 0, headEnd);
  const headWithoutPreloads = head.replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/g, (link) => {
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
  return Buffer.concat([
    Buffer.from(headWithoutPreloads, "utf8"),
    document.subarray(Math.max(0, headEnd), bootstrap.start),
    Buffer.from(`${bootstrap.open}${deferred}${scriptEnd}`, "utf8"),
    document.subarray(bootstrap.end),
  ]);
}

const scriptEnd = "</script>";

/** The first `<script … type="module" …>` from `from` on: its opening tag, its code, and where the element starts and ends. */
function findBootstrap(
  document: Buffer,
  from: number,
): { open: string; code: string; start: number; end: number } | undefined {
  let at = from;
  for (;;) {
    const start = document.indexOf("<script", at);
    if (start === -1) return undefined;
    const tagEnd = document.indexOf(">", start);
    const close = tagEnd === -1 ? -1 : document.indexOf(scriptEnd, tagEnd);
    if (close === -1) return undefined;
    const open = document.toString("utf8", start, tagEnd + 1);
    if (/^<script\b[^>]*\btype="module"[^>]*>$/.test(open)) {
      return { open, code: document.toString("utf8", tagEnd + 1, close), start, end: close + scriptEnd.length };
    }
    at = close + scriptEnd.length;
  }
}
