import { type Expression, type ExpressionBuilder, expressionBuilder, type SqlBool, sql } from "kysely";
import type { Database } from "#db/schema";
import { redirect } from "react-router";
import { db } from "./db.server";
import { setFlash } from "./flash.server";

/** The tables whose rows carry the "possible spam" mark (`spam_signals`, see spam-mark.ts). */
export type MarkedTable = {
  [T in keyof Database]: "spam_signals" extends keyof Database[T] ? T : never;
}[keyof Database];

/**
 * How many rows of `table` wait for staff (`waiting` says which: a new message or order, a review
 * awaiting moderation) and how many of them are marked as possible spam, in one light query: the
 * admin tabs show both, for every kind, on every staff page.
 */
export async function countWaitingAndMarked<T extends MarkedTable>(
  table: T,
  waiting: (eb: ExpressionBuilder<Database, T>) => Expression<SqlBool>,
): Promise<{ waiting: number; marked: number }> {
  const from: MarkedTable = table;
  const row = await db()
    .selectFrom(from)
    .select([sql<number>`count(*)`.as("n"), sql<number>`count(spam_signals)`.as("marked")])
    .where(waiting(expressionBuilder<Database, T>()))
    .executeTakeFirstOrThrow();
  return { waiting: Number(row.n), marked: Number(row.marked) };
}

/** Where staff land after moving an item to Spam: the Spam view, which says so once (post/redirect/get). */
export function redirectMovedToSpam(): Response {
  return redirect("/admin/spam", { headers: { "Set-Cookie": setFlash("moved-to-spam") } });
}
