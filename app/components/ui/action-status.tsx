import { useEffect, useRef } from "react";
import type { AdminActionResult } from "~/lib/admin-action";

/**
 * The outcome of a staff action, as text that takes focus: the button that was used may have
 * left the page with its item, so keyboard and screen-reader users continue from here.
 */
export function ActionStatus({ result }: { result?: AdminActionResult }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), [result]);
  if (!result?.message) return null;
  return (
    <p
      ref={ref}
      tabIndex={-1}
      role="status"
      className={`mt-4 rounded-lg border p-3 ${result.ok ? "border-success bg-success-soft" : "border-danger bg-danger-soft"}`}
    >
      {result.message}
    </p>
  );
}
