import type { DueState, ReplyDueView } from "~/lib/reply-due";

const wording: Record<DueState, { label: string; before: string; className: string }> = {
  late: { label: "Late", before: "was due", className: "border-danger bg-danger-soft" },
  overdue: { label: "Overdue", before: "was due", className: "border-danger bg-danger-soft" },
  today: { label: "Due today", before: "by", className: "border-brand bg-brand-soft" },
  later: { label: "Due", before: "by", className: "border-line" },
};

/**
 * Where a waiting lead stands against the reply the site promised (docs/requirements.md §4.8):
 * the state in words first ("Overdue"; "Late" once past the promise's outer bound), so colour is
 * never the only sign, then the due time on the office's clock.
 */
export function ReplyDue({ due }: { due: ReplyDueView | undefined }) {
  if (!due) return null;
  const { label, before, className } = wording[due.state];
  return (
    <span className={`rounded-full border px-2 py-0.5 text-small ${className}`}>
      <strong>{label}</strong> · {before} {due.dueText}
    </span>
  );
}

/** A lead whose first reply has been sent or its call recorded: when, on the office's clock. */
export function Answered({ at }: { at: string | null }) {
  if (!at) return null;
  return (
    <span className="rounded-full border border-success bg-success-soft px-2 py-0.5 text-small">
      <strong>Answered</strong> · {at}
    </span>
  );
}
