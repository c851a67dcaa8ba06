/**
 * The leaves of an item's value (a JSON value, or a form's value) under dotted paths such as
 * "cta.body" or "points.2": how the conflict panel and the list of echoes compare two versions
 * field by field.
 */
export function leaves(value: unknown, at = "", found = new Map<string, unknown>()): Map<string, unknown> {
  if (value !== null && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) leaves(child, at ? `${at}.${key}` : key, found);
  } else {
    found.set(at, value);
  }
  return found;
}
