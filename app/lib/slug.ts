/**
 * Words as a part of an address or an anchor: accents dropped, lower case, each run of anything
 * but letters and digits one hyphen, none at either end, at most `max` characters ("Guía de uso —
 * édition" → "guia-de-uso-edition"). Empty when nothing is left.
 */
export function slugOf(text: string, max = 60): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, max)
    .replace(/-+$/, "");
}
