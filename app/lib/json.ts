/** A stored JSON column for an export: parsed, or as it is when it is not JSON (written by an older release, say). */
export function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
