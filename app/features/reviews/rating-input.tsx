/**
 * The rating as a real radio group (1 to 10), drawn as stars: arrow keys move between values,
 * each radio is labelled "n out of 10", and CSS fills the stars up to the chosen one, so it works
 * without JavaScript.
 */
export function RatingInput({
  name = "rating",
  defaultValue = 5,
  idPrefix,
  error,
}: {
  name?: string;
  defaultValue?: number;
  idPrefix: string;
  error?: string;
}) {
  return (
    <fieldset aria-describedby={error ? `${idPrefix}-rating-error` : undefined}>
      <legend className="font-semibold">
        Rating <span className="text-danger">(required)</span>
      </legend>
      <div className="rating-stars mt-1 flex flex-wrap">
        {Array.from({ length: 10 }, (_, index) => {
          const value = index + 1;
          return (
            <label
              key={value}
              className="relative inline-flex tap-target cursor-pointer items-center justify-center rounded-md text-warning has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-focus"
            >
              <input
                type="radio"
                name={name}
                value={value}
                defaultChecked={value === defaultValue}
                className="sr-only"
              />
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="size-7">
                <path
                  className="star-fill"
                  d="M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5L2.5 9.4l6.6-.9z"
                  stroke="currentColor"
                  strokeWidth="1.5"
                />
              </svg>
              <span className="sr-only">{value} out of 10</span>
            </label>
          );
        })}
      </div>
      <p aria-hidden="true" className="rating-value mt-1 text-small font-semibold" />
      {error ? (
        <p id={`${idPrefix}-rating-error`} className="mt-1 text-small font-semibold text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
