import { Fragment, type ReactNode } from "react";
import { markerPieces } from "~/lib/markers";

/**
 * An editor's text drawn with each of its markers replaced by what the page puts there: a link
 * (`{share}`), a figure in bold (`{reference}`). A marker without a value stays as written; the
 * field's schema has refused any the page does not fill.
 */
export function MarkedText({ text, values }: { text: string; values: Readonly<Record<string, ReactNode>> }) {
  return (
    <>
      {markerPieces<ReactNode>(text, values).map((piece, index) => (
        <Fragment key={index}>{piece}</Fragment>
      ))}
    </>
  );
}
