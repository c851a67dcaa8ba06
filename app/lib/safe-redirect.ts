/**
 * Only a path on this site. A target is accepted when, resolved against this site's address the
 * way a browser resolves a Location header, it stays on this site: "/\t/evil.example" (a browser
 * drops the tab) and "/\\evil.example" are other sites. What is returned is the resolved path, so
 * control characters and spaces never reach a response header.
 */
export function safeRedirect(value: unknown, fallback = "/admin/testimonials"): string {
  if (typeof value !== "string" || !value.startsWith("/")) return fallback;
  const base = "http://site.invalid";
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
