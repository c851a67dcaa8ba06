import type { Executor } from "~/lib/db.server";
import { addFormCounts, dayOf, type FormEvent } from "./tally.server";

/**
 * Counts a stored submission in the transaction that stores it: one "stored" for its form and day,
 * and one for its answer to "How did you hear about us?" ("heard:none" when it gave none). Counted
 * from what was stored, so the figures hold after the submission itself is deleted at the end of
 * its retention period, and a submission held as spam is counted only once staff release it.
 */
export async function countStored(trx: Executor, form: FormEvent["form"], heard: string | null | undefined, at: Date) {
  const day = dayOf(at.getTime());
  await addFormCounts(trx, [
    { day, form, event: "stored", count: 1 },
    { day, form, event: `heard:${heard ?? "none"}`, count: 1 },
  ]);
}
