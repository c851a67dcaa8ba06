import type { PublicTable } from "../app/route-manifest";

/**
 * How a write to each table a kept page may read reaches the page cache (server/page-cache.ts).
 *
 * - `feed`: its own triggers move the change feed (migration 0010: NOTIFY on PostgreSQL, the
 *   count in public_changes on SQLite), whoever writes it.
 * - `with`: it is only ever written by triggers on that table, in the same transaction as the
 *   row that changed it (migrations 0011, 0012 and 0013), so that table's change covers it.
 *
 * A table not listed here is not watched: a kept page that read it would be served stale until
 * the next change to a watched one. app/page-cache-reads.server.test.ts checks every kept route
 * against this list, and db/public-changes.test.ts that the triggers named here exist.
 */
export const publicTables: { readonly [Table in PublicTable]: { feed: true } | { with: PublicTable } } = {
  testimonials: { feed: true },
  review_removals: { feed: true },
  review_tallies: { with: "testimonials" },
  review_filters: { with: "testimonials" },
  review_filter_tallies: { with: "testimonials" },
  response_figures: { feed: true },
};

/**
 * What a kept route reads that the page cache would not hear of: a table it read but does not
 * declare in its `reads`, or one it declares that nothing watches. Empty when all is well.
 */
export function unwatchedReads(declared: readonly string[], read: Iterable<string>): string[] {
  const undeclared = [...read].filter((table) => !declared.includes(table));
  const unwatched = declared.filter((table) => !(table in publicTables));
  return [...new Set([...undeclared, ...unwatched])].sort();
}
