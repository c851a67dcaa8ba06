import { Form } from "react-router";
import { buttonClass } from "./button";
import type { SpamReason } from "~/lib/forms";
import { markSummary } from "~/lib/spam-mark";

/**
 * The visible "possible spam" mark on a message, an order request or a review: the words, not a
 * colour alone, so every reader gets the reasons. Nothing when the item carries no mark.
 */
export function SpamMark({ reasons, className = "" }: { reasons: readonly SpamReason[]; className?: string }) {
  if (reasons.length === 0) return null;
  return (
    <p className={`rounded-lg border-2 border-warning bg-warning-soft px-3 py-1 text-small ${className}`}>
      {markSummary(reasons)}
    </p>
  );
}

/**
 * Staff's one action on a marked (or any) item: move it to the spam store, where "Not spam" brings
 * it back. It posts `intent=move-to-spam` (and `hiddenFields`) to the page's own action.
 */
export function MoveToSpamButton({
  busy,
  targetName,
  hiddenFields = {},
}: {
  busy: boolean;
  targetName?: string;
  hiddenFields?: Record<string, string>;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="move-to-spam" />
      {Object.entries(hiddenFields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" disabled={busy} className={buttonClass("secondary")}>
        Move to Spam
        {targetName ? <span className="sr-only">: {targetName}</span> : null}
      </button>
    </Form>
  );
}
