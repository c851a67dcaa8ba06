import type { PublicFigures } from "./figures";

/**
 * The company's own reply figures on a public page (docs/requirements.md §4.8), from the stored
 * replies; until there are enough leads to count, the sentence that says they will appear.
 */
export function ResponseFigures({ figures, className = "" }: { figures: PublicFigures; className?: string }) {
  if (!figures.shown) return <p className={`text-small text-muted ${className}`}>{figures.text}</p>;
  return (
    <div className={className}>
      <p className="font-semibold">{figures.share}</p>
      {figures.median ? <p>{figures.median}</p> : null}
      <p className="text-small text-muted">{figures.window}</p>
    </div>
  );
}
