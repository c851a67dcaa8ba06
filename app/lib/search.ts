import { sql } from "kysely";

/**
 * The right-hand side of `column like …` that matches text containing `term` anywhere. The term
 * is a bound parameter, and its own %, _ and \ are escaped so they match themselves, in SQLite
 * and PostgreSQL alike.
 */
export function containing(term: string) {
  return sql<string>`${`%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`;
}
