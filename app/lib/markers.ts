/**
 * Named markers in an editor's text: `{hours}` where the page writes a fact when it draws it, so
 * the sentence's wording is the editor's and the fact stays the one published in its own item.
 * The schema of the field says which markers it takes (`markedLine` in app/content/schemas/fields.ts).
 *
 * Plain TypeScript with no imports: public pages read it.
 */

/** A marker as written: a name in braces. */
const markerPattern = /(\{[A-Za-z]+\})/;

/** The marker for `name`, as an editor writes it. */
export function marker(name: string): string {
  return `{${name}}`;
}

/** Every marker-like `{…}` in `text`, as written, in order (a misspelled one too). */
export function markersIn(text: string): string[] {
  return text.match(/\{[^{}\s]*\}/g) ?? [];
}

/**
 * `text` cut at its markers, each one given in `values` replaced by its value, empty pieces left
 * out: what a page draws, each fact a piece of its own. A marker not in `values` stays as written.
 */
export function markerPieces(text: string, values: Readonly<Record<string, string>>): string[] {
  return text
    .split(markerPattern)
    .map((piece) => {
      const name = piece.startsWith("{") ? piece.slice(1, -1) : undefined;
      return name !== undefined && Object.hasOwn(values, name) ? values[name]! : piece;
    })
    .filter((piece) => piece !== "");
}

/** `text` with each marker given in `values` replaced by its value. */
export function fillMarkers(text: string, values: Readonly<Record<string, string>>): string {
  return markerPieces(text, values).join("");
}
