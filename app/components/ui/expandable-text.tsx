/**
 * Long text shown shortened with a See more / See less toggle. The toggle is a native <details>
 * and the rest of the text is revealed by CSS, so it works without JavaScript, and the markup is
 * the same before and after hydration (no layout shift).
 */
export function ExpandableText({ text, limit, className = "" }: { text: string; limit: number; className?: string }) {
  if (text.length <= limit) return <p className={className}>{text}</p>;
  // Cut at the last space before the limit so no word is split.
  const cut = text.lastIndexOf(" ", limit);
  const head = text.slice(0, cut > limit * 0.6 ? cut : limit);
  const rest = text.slice(head.length);
  return (
    <div className="expandable">
      <p className={className}>
        {head}
        <span className="expandable-ellipsis" aria-hidden="true">
          …
        </span>
        <span className="expandable-rest">{rest}</span>
      </p>
      <details className="expandable-toggle">
        <summary className="inline-flex tap-target items-center font-semibold text-brand underline underline-offset-4">
          <span className="expandable-more">See more</span>
          <span className="expandable-less">See less</span>
        </summary>
      </details>
    </div>
  );
}
