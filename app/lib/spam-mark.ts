import type { SpamReason } from "./forms";
import { parseJson } from "./json";

/**
 * The "possible spam" mark a stored submission carries: the weaker signals it arrived with
 * (decision 008), as the `spam_signals` column holds them. Shared by the three kinds, their admin
 * lists, their staff notices and the tab counts.
 */

/** What the column stores: null when there was no signal, so "marked" is `spam_signals is not null`. */
export function markColumn(signals: readonly SpamReason[]): string | null {
  return signals.length ? JSON.stringify(signals) : null;
}

/** The reasons a stored mark gives (none for an unmarked row or one an older release wrote). */
export function readMark(column: string | null | undefined): SpamReason[] {
  if (!column) return [];
  const reasons = parseJson<unknown>(column, []);
  return Array.isArray(reasons)
    ? reasons.filter((r): r is SpamReason => typeof r?.detail === "string" && typeof r?.code === "string")
    : [];
}

/** One line for staff: "Possible spam: Sent 0.8 s after the form was shown. Contains 3 links." */
export function markSummary(reasons: readonly SpamReason[]): string {
  return `Possible spam: ${reasons.map((r) => r.detail).join(" ")}`;
}

/**
 * The staff notice's own line for a marked submission, so staff see why before they open it
 * (nothing for an unmarked one). The details are the site's words, never what the visitor typed.
 */
export function markNoticeLines(column: string | null | undefined): string[] {
  const reasons = readMark(column);
  return reasons.length ? [`Marked as possible spam: ${reasons.map((r) => r.detail).join(" ")}`] : [];
}

/**
 * What staff are told once, on the Spam view they land on after moving an item there (the
 * one-time notice "moved-to-spam"): the item is listed there with "Not spam".
 */
export const movedToSpamNotice = {
  title: "Moved to Spam",
  description: "It is no longer delivered or listed; “Not spam” below puts it back.",
};

/** The value of the admin lists' `mark` filter that shows only marked items. */
export const possibleSpamFilter = "possible-spam";

/** Whether a list's query asks for marked items only. */
export function wantsMarked(params: URLSearchParams): boolean {
  return params.get("mark") === possibleSpamFilter;
}
