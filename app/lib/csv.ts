/**
 * CSV as RFC 4180 describes it (CRLF line ends, every field quoted, quotes doubled), with cells
 * that a spreadsheet would run as a formula (=, +, -, @, tab, carriage return) prefixed by an
 * apostrophe so they are shown as text.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function toCsv(header: string[], rows: unknown[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

/** A CSV file to download, named aquila-{what}-{date}.csv; never stored by a browser or a cache. */
export function csvDownload(csv: string, what: string, now = new Date()): Response {
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="aquila-${what}-${now.toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
