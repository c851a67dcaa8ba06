import type { ReactNode } from "react";

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** The row's header cell (<th scope="row">): the cell that names the row. At most one column. */
  rowHeader?: boolean;
  /** Classes of this column's cells (alignment, colour), in both layouts. */
  className?: string;
  /** A short value (a mark, a number): in a card it sits on its column's name's line, not under it. */
  short?: boolean;
}

/**
 * A table whose columns never scroll out of sight. Where its box is narrower than the columns
 * need (`stackBelow`, measured on the box, not the window, so a table beside a sidebar stacks
 * too), each row becomes a card: the row's name, then every other cell under its column's name.
 * Nothing scrolls sideways, and every column (the product's included) is on screen: a word too
 * long for its column (an address, an id, with a visitor's wider text spacing) breaks rather than
 * widening the table.
 *
 * The elements carry their table roles explicitly: a table whose rows are drawn as blocks loses
 * them in some browsers otherwise, and a screen reader keeps hearing a table with its headers.
 * The column names drawn in the cards are CSS text with empty alternative text, so they are not
 * heard twice. Styles: `.stacked-table` in app.css.
 */
export function StackedTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  stackBelow = "narrow",
  className = "",
}: {
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** "narrow": cards below a 36rem box; "wide": below 48rem, for tables of many or long columns. */
  stackBelow?: "narrow" | "wide";
  className?: string;
}) {
  return (
    <div className={`stacked-table-box ${className}`}>
      <table
        role="table"
        className="stacked-table w-full border-collapse text-left wrap-anywhere"
        data-stack={stackBelow}
      >
        <caption className="sr-only">{caption}</caption>
        {/* The roles repeat what the elements mean on purpose: the cards' `display: block` drops them otherwise. */}
        {/* eslint-disable-next-line jsx-a11y/no-redundant-roles */}
        <thead role="rowgroup" className="bg-surface-raised">
          <tr role="row">
            {columns.map((column) => (
              <th key={column.header} role="columnheader" scope="col" className={`p-3 ${column.className ?? ""}`}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        {/* eslint-disable-next-line jsx-a11y/no-redundant-roles */}
        <tbody role="rowgroup">
          {rows.map((row) => (
            <tr key={rowKey(row)} role="row" className="border-t border-line align-top">
              {columns.map((column) =>
                column.rowHeader ? (
                  <th
                    key={column.header}
                    role="rowheader"
                    scope="row"
                    className={`p-3 font-semibold ${column.className ?? ""}`}
                  >
                    {column.cell(row)}
                  </th>
                ) : (
                  <td
                    key={column.header}
                    // eslint-disable-next-line jsx-a11y/no-interactive-element-to-noninteractive-role -- a cell is not interactive; the rule takes <td> for a grid's cell.
                    role="cell"
                    data-label={column.header}
                    data-short={column.short ? "" : undefined}
                    className={`p-3 ${column.className ?? ""}`}
                  >
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
