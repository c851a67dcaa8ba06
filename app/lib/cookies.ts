/**
 * The values a Cookie header gives `name`, in the order the browser sent them (a name can come
 * twice, set for two paths). Everything after the first "=" of a pair is its value. Used in the
 * browser and on the server alike, so it stays free of server-only imports.
 */
export function cookieValues(header: string | null | undefined, name: string): string[] {
  const values: string[] = [];
  for (const part of (header ?? "").split(";")) {
    const pair = part.trim();
    const equals = pair.indexOf("=");
    if (equals !== -1 && pair.slice(0, equals) === name) values.push(pair.slice(equals + 1));
  }
  return values;
}
