const base = "http://site.invalid";

/** The path, query and fragment `value` resolves to against this site, or undefined when it leaves the site. */
function resolveOnSite(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return undefined;
  }
  return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : undefined;
}

/**
 * Only a path on this site. A target is accepted when, resolved against this site's address the
 * way a browser resolves a Location header, it stays on this site: "/\t/evil.example" (a browser
 * drops the tab) and "/\\evil.example" are other sites. What is returned is the resolved path, so
 * control characters and spaces never reach a response header; and it must resolve to itself,
 * since "/.//evil.example" resolves to "//evil.example", which a browser reads as another site.
 */
export function safeRedirect(value: unknown, fallback = "/admin"): string {
  if (typeof value !== "string" || !value.startsWith("/")) return fallback;
  const resolved = resolveOnSite(value);
  if (resolved === undefined || resolveOnSite(resolved) !== resolved) return fallback;
  return resolved;
}
