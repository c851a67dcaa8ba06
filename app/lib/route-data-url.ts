/**
 * With JavaScript the router asks for a page's data, and posts its forms, at `<page>.data`
 * (`/_root.data` for the home page). The page such a path is for; any other path as it is.
 */
export function pagePathOf(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}
