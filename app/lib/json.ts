/** `text` parsed as JSON, or `fallback` when it is not JSON (a stored column written by an older release, say). */
export function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}
