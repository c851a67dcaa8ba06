/** "12,345": a count as the site writes it. */
export function formatCount(n: number): string {
  return n.toLocaleString("en-US");
}

/** "1 review", "1,024 reviews": a count with the word that goes with it. */
export function plural(n: number, words: { one: string; many: string }): string {
  return `${formatCount(n)} ${n === 1 ? words.one : words.many}`;
}

/** "2.1 MB", "980 KB": sizes as people read them (decimal units, like file managers on the web). */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  if (bytes >= 1_000) return `${Math.round(bytes / 1_000)} KB`;
  return `${bytes} bytes`;
}

/**
 * A formatter made on first use and kept: building an Intl.DateTimeFormat costs about a quarter
 * of a millisecond, which a list of fifty messages in the admin paid fifty times on every view;
 * formatting with one costs a microsecond or two. Made lazily, so a page that shows no date pays
 * nothing in the browser.
 */
function dateFormat(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let format: Intl.DateTimeFormat | undefined;
  return () => (format ??= new Intl.DateTimeFormat("en-US", { ...options, timeZone: "UTC" }));
}
const monthYear = dateFormat({ month: "long", year: "numeric" });
const mediumDate = dateFormat({ dateStyle: "medium" });
const mediumDateTime = dateFormat({ dateStyle: "medium", timeStyle: "short" });
const dayMonthYear = dateFormat({ day: "numeric", month: "long", year: "numeric" });

/** "December 2024" from an ISO date, the same on the server and in the browser. */
export function formatMonthYear(isoDate: string): string {
  return monthYear().format(new Date(isoDate));
}

/** "23 November 2026" from a calendar date ("2026-11-23"): how the policy pages date themselves. */
export function formatDayMonthYear(isoDate: string): string {
  const parts = Object.fromEntries(
    dayMonthYear()
      .formatToParts(new Date(isoDate))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day} ${parts.month} ${parts.year}`;
}

export function formatDate(isoDate: string): string {
  return mediumDate().format(new Date(isoDate));
}

/** "Jan 2, 2026, 3:04 AM UTC": when something was agreed to the minute, the same on the server and in the browser. */
export function formatDateTime(isoDate: string): string {
  return `${mediumDateTime().format(new Date(isoDate))} UTC`;
}

/** The start of the retention window: `months` calendar months before `now`, as stored times compare. */
export function monthsBefore(now: Date, months: number): string {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff.toISOString();
}
