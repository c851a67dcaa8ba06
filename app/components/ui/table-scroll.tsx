/**
 * A wide table that scrolls sideways on small screens. The scrolling box is a labelled,
 * focusable region so keyboard users can scroll it with the arrow keys.
 */
export function TableScroll({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div role="region" aria-label={label} tabIndex={0} className="overflow-x-auto rounded-xl border border-line">
      {children}
    </div>
  );
}
