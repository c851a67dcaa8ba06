import type { FlaggedText } from "./flags";

/**
 * A review's words exactly as written, with the flagged ones marked (the label is read to screen
 * readers after each). Takes a `FlaggedText`, so it draws what the server worked out.
 */
export function FlaggedQuote({ view, className = "" }: { view: FlaggedText; className?: string }) {
  return (
    <p className={`[overflow-wrap:anywhere] whitespace-pre-wrap ${className}`}>
      {view.segments.map((segment, index) =>
        segment.label ? (
          <mark
            key={index}
            className="rounded bg-warning-soft px-0.5 font-semibold text-[var(--ink)] underline decoration-warning decoration-2"
          >
            {segment.text}
            <span className="sr-only"> ({segment.label})</span>
          </mark>
        ) : (
          segment.text
        ),
      )}
    </p>
  );
}

/** What staff must check and why; nothing in the review has been changed. */
export function FlagNotice({ summary, children }: { summary: FlaggedText["summary"]; children?: React.ReactNode }) {
  if (summary.length === 0) return null;
  return (
    <div className="mt-3 rounded-lg border-2 border-danger bg-danger-soft p-3">
      <p className="font-semibold">Check before publishing. Nothing has been changed; you decide.</p>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {summary.map((item) => (
          <li key={item.category}>
            <strong>{item.label}</strong> ({item.matches.map((w) => `“${w}”`).join(", ")}): {item.why}
          </li>
        ))}
      </ul>
      {children}
    </div>
  );
}
