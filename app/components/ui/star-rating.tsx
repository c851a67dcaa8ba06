/**
 * The one way a rating is shown: ten stars (whole, half or empty) with the number beside them,
 * announced as "8.5 out of 10". Ratings are whole numbers 1-10; averages may have one decimal.
 */
export function StarRating({
  value,
  size = "md",
  showNumber = true,
}: {
  value: number;
  size?: "sm" | "md" | "lg";
  showNumber?: boolean;
}) {
  const label = `${formatRating(value)} out of 10`;
  const starSize = { sm: "[--star:0.875rem]", md: "[--star:1rem]", lg: "[--star:1.5rem]" }[size];
  // One element, drawn by CSS (.star-rating in app.css): ten outlined stars, and over them the
  // filled stars cut to the rating's share of the width. A list of reviews shows a dozen of
  // these, and forty SVG nodes each made the page heavy to parse and to hydrate.
  const filled = `${(Math.max(0, Math.min(10, value)) * 10).toFixed(1)}%`;
  return (
    <span className="inline-flex items-center gap-2">
      <span
        role="img"
        aria-label={label}
        className={`star-rating text-warning ${starSize}`}
        style={{ "--filled": filled } as React.CSSProperties}
      />
      {showNumber ? (
        <span aria-hidden="true" className="text-small font-semibold">
          {formatRating(value)}/10
        </span>
      ) : null}
    </span>
  );
}

export function formatRating(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}
