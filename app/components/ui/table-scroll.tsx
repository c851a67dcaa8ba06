/**
 * A wide table that scrolls sideways on small screens. The scrolling box is a labelled,
 * focusable region so keyboard users can scroll it with the arrow keys.
 */
export function TableScroll({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    // `relative` keeps the screen-reader-only text inside it (position: absolute) within the scrolling box,
    // so it cannot widen the page at 320 px (WCAG 1.4.10).
    <div
      role="region"
      aria-label={label}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className="relative overflow-x-auto rounded-xl border border-line"
    >
      {children}
    </div>
  );
}
