import type { SpamReason } from "~/lib/forms";
import { markSummary } from "~/lib/spam-mark";

/**
 * The visible "possible spam" mark on a message, an order request or a review: the words, not a
 * colour alone, so every reader gets the reasons. Nothing when the item carries no mark.
 */
export function SpamMark({ reasons, className = "" }: { reasons: readonly SpamReason[]; className?: string }) {
  if (reasons.length === 0) return null;
  return <p className={`rounded-lg border-2 border-warning bg-warning-soft px-3 py-1 text-small ${className}`}>{markSummary(reasons)}</p>;
}
