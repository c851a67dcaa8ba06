import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";

/**
 * Above a list of messages or order requests when deliveries to staff are failing: how many, and
 * one button that tries every one of them again (the mail server or the forward is back).
 */
export function RetryFailing({ count, busy }: { count: number; busy: boolean }) {
  if (count === 0) return null;
  return (
    <div className="mt-4 flex flex-wrap items-center gap-3 rounded-lg border border-danger bg-danger-soft p-3">
      <p>{count === 1 ? "1 delivery to staff is failing." : `${count} deliveries to staff are failing.`}</p>
      <Form method="post">
        <input type="hidden" name="intent" value="retry-failing" />
        <button type="submit" disabled={busy} className={buttonClass("secondary")}>
          Retry all failed deliveries
        </button>
      </Form>
    </div>
  );
}
