/**
 * The one way a rating is shown: ten stars (whole, half or empty) with the number beside them,
 * announced as "8.5 out of 10". Ratings are whole numbers 1-10; averages may have one decimal.
 */
export function StarRating({ value, size = "md", showNumber = true }: { value: number; size?: "sm" | "md" | "lg"; showNumber?: boolean }) {
  const label = `${formatRating(value)} out of 10`;
  const starSize = { sm: "size-3.5", md: "size-4", lg: "size-6" }[size];
  return (
    <span className="inline-flex items-center gap-2">
      <span role="img" aria-label={label} className="inline-flex text-warning">
        {Array.from({ length: 10 }, (_, index) => {
          const fill = Math.max(0, Math.min(1, value - index));
          return <Star key={index} fill={fill} className={starSize} />;
        })}
      </span>
      {showNumber ? (
        <span aria-hidden="true" className="text-sm font-semibold">
          {formatRating(value)}/10
        </span>
      ) : null}
    </span>
  );
}

export function formatRating(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

function Star({ fill, className }: { fill: number; className: string }) {
  const path = "M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5L2.5 9.4l6.6-.9z";
  const width = Math.round(fill * 24 * 100) / 100;
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={className}>
      <path d={path} fill="none" stroke="currentColor" strokeWidth="1.5" />
      {width > 0 ? (
        <svg viewBox={`0 0 ${width} 24`} width={width} height="24" preserveAspectRatio="xMinYMin slice">
          <path d={path} fill="currentColor" />
        </svg>
      ) : null}
    </svg>
  );
}
