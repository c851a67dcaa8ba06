/**
 * Reading a Cookie header, apart from the list of the site's cookies (cookies.ts), so a public
 * page's script can read its one cookie without carrying the others' descriptions.
 */

/**
 * The values a Cookie header gives `name`, in the order the browser sent them (a name can come
 * twice, set for two paths, and a reader may want the one that is well formed: the `cookie`
 * package's parse keeps only the first). Everything after the first "=" of a pair is its value.
 */
export function cookieValues(header: string | null | undefined, name: string): string[] {
  const values: string[] = [];
  // Most requests carry no cookie of that name: every page answered asks, so they cost no split.
  if (!header?.includes(name)) return values;
  for (const part of header.split(";")) {
    const pair = part.trim();
    const equals = pair.indexOf("=");
    if (equals !== -1 && pair.slice(0, equals) === name) values.push(pair.slice(equals + 1));
  }
  return values;
}
