import { sql } from "kysely";
import type { Executor } from "~/lib/db.server";
import { addFormCounts, dayOf, type FormEvent } from "./tally.server";

/**
 * Counts a stored submission in the transaction that stores it: one "stored" for its form and day,
 * and one for its answer to "How did you hear about us?" ("heard:none" when it gave none). Counted
 * from what was stored, so the figures hold after the submission itself is deleted at the end of
 * its retention period, and a submission held as spam is counted only once staff release it.
 */
export async function countStored(trx: Executor, form: FormEvent["form"], heard: string | null | undefined, at: Date) {
  await addFormCounts(trx, storedEvents(form, heard, at));
}

/**
 * Takes back the counts of a stored submission that staff move to the spam store, in the move's
 * transaction: it is no longer a lead, and "Not spam" stores (and counts) it again on the day it
 * was received. A count already dropped with its day (older than the counts are kept) stays dropped.
 */
export async function uncountStored(
  trx: Executor,
  form: FormEvent["form"],
  heard: string | null | undefined,
  at: Date,
) {
  const [stored, answer] = storedEvents(form, heard, at);
  await trx
    .updateTable("form_counts")
    .set({ count: sql`count - 1` })
    .where("day", "=", stored.day)
    .where("form", "=", form)
    .where("event", "in", [stored.event, answer.event])
    .where("count", ">", 0)
    .execute();
}

function storedEvents(form: FormEvent["form"], heard: string | null | undefined, at: Date) {
  const day = dayOf(at.getTime());
  return [
    { day, form, event: "stored", count: 1 },
    { day, form, event: `heard:${heard ?? "none"}`, count: 1 },
  ] as const;
}
