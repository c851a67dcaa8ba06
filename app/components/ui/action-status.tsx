import { useEffect, useRef } from "react";
import type { AdminActionResult } from "~/lib/admin-action";

/**
 * The outcome of a staff action, as text that takes focus: the button that was used may have
 * left the page with its item, so keyboard and screen-reader users continue from here. A `notice`
 * is neither success nor failure: something the person must still do (save what a form shows).
 */
export function ActionStatus({ result, tone }: { result?: AdminActionResult; tone?: "notice" }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    // After the root's move of focus to the main area when a page is arrived at (root.tsx), which
    // runs later in the same commit: a notice met on arrival is where reading starts too.
    const timer = window.setTimeout(() => ref.current?.focus(), 0);
    return () => window.clearTimeout(timer);
  }, [result]);
  if (!result?.message) return null;
  return (
    <p
      ref={ref}
      tabIndex={-1}
      role="status"
      className={`mt-4 rounded-lg border p-3 ${
        tone === "notice"
          ? "border-warning bg-warning-soft"
          : result.ok
            ? "border-success bg-success-soft"
            : "border-danger bg-danger-soft"
      }`}
    >
      {result.message}
    </p>
  );
}
