/**
 * Named markers in an editor's text: `{hours}` where the page writes a fact when it draws it, so
 * the sentence's wording is the editor's and the fact stays the one published in its own item.
 * The company facts a text quotes (app/content/quoted-facts.ts), a field's own markers
 * (`markedLine` in app/content/schemas/fields.ts) and the privacy policy's
 * (app/content/privacy-markers.ts) are all written and read this way; each field's schema says
 * which names it takes.
 *
 * Plain TypeScript with no imports: public pages read it.
 */

/**
 * A marker as written: braces around a name, on one line. Whatever stands between them is read as
 * a name, known or not, so a misspelled marker is told to the editor instead of shown as typed.
 */
export const markerPattern = /\{([^{}\n]*)\}/;

const everyMarker = new RegExp(markerPattern.source, "g");
/** Splits a text before and after each marker, keeping the marker. */
const atMarkers = /(\{[^{}\n]*\})/;

/** The marker for `name`, as an editor writes it. */
export function marker(name: string): string {
  return `{${name}}`;
}

/** The name in each marker of `text`, known or not, in order, repeats included. */
export function markerNames(text: string): string[] {
  return [...text.matchAll(everyMarker)].map((match) => match[1]!);
}

/**
 * A marker's value: from a table of them, or asked of a function (undefined: it has none). A text,
 * or whatever a page draws there (a link, a figure in bold: `MarkedText` in
 * app/components/ui/marked-text.tsx).
 */
export type MarkerValues<T = string> = Readonly<Record<string, T>> | ((name: string) => T | undefined);

function valueOf<T>(values: MarkerValues<T>, name: string): T | undefined {
  if (typeof values === "function") return values(name);
  return Object.hasOwn(values, name) ? values[name] : undefined;
}

/**
 * `text` cut at its markers, each one given a value replaced by it, empty pieces left out: what a
 * page draws, each fact a piece of its own. A marker with no value stays as written.
 */
export function markerPieces<T = string>(text: string, values: MarkerValues<T>): Array<string | T> {
  return text
    .split(atMarkers)
    .map((piece) => (piece.startsWith("{") ? (valueOf(values, piece.slice(1, -1)) ?? piece) : piece))
    .filter((piece) => piece !== "");
}

/** `text` with each marker given a value replaced by it. */
export function fillMarkers(text: string, values: MarkerValues): string {
  return markerPieces(text, values).join("");
}
