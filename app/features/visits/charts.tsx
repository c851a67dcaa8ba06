import { useId } from "react";
import { type Column, StackedTable } from "~/components/ui/stacked-table";
import { formatCount } from "~/lib/format";

const rowHeight = 44;
const width = 320;
const labelLimit = 44;

function short(label: string) {
  return label.length > labelLimit ? `${label.slice(0, labelLimit - 1)}…` : label;
}

/**
 * A bar chart drawn on the server as SVG (no script in the browser), each bar with its label and
 * number above it, followed by a table of the same numbers, which is what a screen reader reads:
 * the drawing is marked as an image that says so.
 */
export function BarChart<Row extends { label: string; count: number }>({
  title,
  rows,
  labelHeader,
  columns,
  empty = "Nothing counted in this period yet.",
}: {
  title: string;
  rows: readonly Row[];
  /** The name of the label column, when the table has the default columns. */
  labelHeader?: string;
  /** The table's columns; by default the label and the count. */
  columns?: readonly Column<Row>[];
  empty?: string;
}) {
  const id = useId();
  const most = Math.max(1, ...rows.map((row) => row.count));
  const height = rows.length * rowHeight;
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="text-subheading font-bold">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="mt-2 text-muted">{empty}</p>
      ) : (
        <div className="mt-3 grid gap-4 lg:grid-cols-2 lg:items-start">
          <svg
            role="img"
            aria-label={`${title}: a bar chart of the numbers in the table beside it.`}
            viewBox={`0 0 ${width} ${height}`}
            className="w-full max-w-lg text-ink"
          >
            {rows.map((row, index) => {
              const y = index * rowHeight;
              const barWidth = row.count === 0 ? 0 : Math.max(2, (row.count / most) * width);
              return (
                <g key={`${row.label}-${index}`}>
                  <text x={0} y={y + 15} className="fill-current" fontSize={13}>
                    {short(row.label)}
                  </text>
                  <text x={width} y={y + 15} textAnchor="end" className="fill-current font-bold" fontSize={13}>
                    {formatCount(row.count)}
                  </text>
                  <rect x={0} y={y + 21} width={width} height={14} rx={3} className="fill-surface-raised" />
                  <rect x={0} y={y + 21} width={barWidth} height={14} rx={3} className="fill-brand" />
                </g>
              );
            })}
          </svg>
          <StackedTable<Row>
            caption={title}
            rows={rows}
            rowKey={(row) => row.label}
            columns={
              columns ?? [
                { header: labelHeader ?? "Name", cell: (row) => row.label, rowHeader: true },
                {
                  header: "Count",
                  cell: (row) => formatCount(row.count),
                  short: true,
                  className: "text-right",
                },
              ]
            }
          />
        </div>
      )}
    </section>
  );
}

/** Months as columns (views and entries), drawn as SVG, with the table of every figure after it. */
export function MonthChart({
  rows,
}: {
  rows: ReadonlyArray<{ month: string; views: number; entries: number; stored: number }>;
}) {
  const id = useId();
  const most = Math.max(1, ...rows.map((row) => row.views));
  const chartHeight = 160;
  const slot = width / Math.max(1, rows.length);
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="text-subheading font-bold">
        Month by month
      </h2>
      <p className="mt-1 max-w-prose text-muted">
        Page views (full bars) and entries (dark bars) in each of the last 13 months.
      </p>
      <div className="mt-3 grid gap-4 lg:grid-cols-2 lg:items-start">
        <svg
          role="img"
          aria-label="Month by month: a column chart of the page views and entries in the table beside it."
          viewBox={`0 0 ${width} ${chartHeight + 20}`}
          className="w-full max-w-lg text-ink"
        >
          {rows.map((row, index) => {
            const x = index * slot + 2;
            const viewsHeight = (row.views / most) * chartHeight;
            const entriesHeight = (row.entries / most) * chartHeight;
            return (
              <g key={row.month}>
                <rect
                  x={x}
                  y={chartHeight - viewsHeight}
                  width={slot - 4}
                  height={viewsHeight}
                  className="fill-brand-soft"
                />
                <rect
                  x={x}
                  y={chartHeight - entriesHeight}
                  width={slot - 4}
                  height={entriesHeight}
                  className="fill-brand"
                />
                <text
                  x={x + (slot - 4) / 2}
                  y={chartHeight + 15}
                  textAnchor="middle"
                  className="fill-current"
                  fontSize={10}
                >
                  {row.month.slice(5)}
                </text>
              </g>
            );
          })}
          <line x1={0} x2={width} y1={chartHeight} y2={chartHeight} className="stroke-line" />
        </svg>
        <StackedTable
          caption="Month by month"
          rows={rows}
          rowKey={(row) => row.month}
          columns={[
            { header: "Month", cell: (row) => row.month, rowHeader: true },
            { header: "Page views", cell: (row) => formatCount(row.views), short: true },
            { header: "Entries", cell: (row) => formatCount(row.entries), short: true },
            { header: "Stored", cell: (row) => formatCount(row.stored), short: true },
          ]}
        />
      </div>
    </section>
  );
}
