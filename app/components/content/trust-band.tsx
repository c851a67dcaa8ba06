import { type TrustMark, trustSignals } from "~/content/trust-band";

/** Each mark is drawn here on a 24-unit grid in the text colour: a sign of the fact, never a logo. */
const marks: Record<TrustMark, React.ReactNode> = {
  shield: (
    <>
      <path d="M12 2.75 19.25 5.5v5.25c0 4.6-3.05 8.45-7.25 10.25C7.8 19.2 4.75 15.35 4.75 10.75V5.5Z" />
      <path d="m8.5 11.75 2.5 2.5 4.75-5" />
    </>
  ),
  // A plain tick in a circle: conformity, without imitating the CE mark or the European emblem.
  check: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="m8.25 12.25 2.5 2.5 5-5.25" />
    </>
  ),
  code: (
    <>
      <path d="M6.75 2.75h7.5l4 4v14.5H6.75Z" />
      <path d="M14.25 2.75v4h4M9.75 11.5h5.5M9.75 14.5h5.5M9.75 17.5h3.5" />
    </>
  ),
  // An idea, for an invention: a light bulb.
  bulb: (
    <>
      <path d="M12 3a6 6 0 0 0-3.6 10.8c.7.5 1.1 1.2 1.1 2v.7h5v-.7c0-.8.4-1.5 1.1-2A6 6 0 0 0 12 3Z" />
      <path d="M9.5 19.25h5M10.5 21.5h3" />
    </>
  ),
  calendar: (
    <>
      <rect x="3.75" y="5.25" width="16.5" height="15.5" rx="2" />
      <path d="M3.75 10h16.5M8.25 3v4.25M15.75 3v4.25M8 14.25h2M11 14.25h2M14 14.25h2M8 17.25h2M11 17.25h2" />
    </>
  ),
  return: (
    <>
      <path d="M4.75 12a7.25 7.25 0 1 0 2.2-5.2" />
      <path d="M4.5 3.5v4.25h4.25" />
      <path d="m9 12.25 2 2 4-4.25" />
    </>
  ),
};

/**
 * The regulatory and purchase facts as one band of small drawn marks with their words, the same on
 * every page that shows it (home, product, order). The words are the facts; the marks only help
 * the eye find them.
 */
export function TrustBand() {
  return (
    <section aria-labelledby="trust-title" className="border-y border-line bg-surface">
      <div className="container-page py-8">
        <h2 id="trust-title" className="sr-only">
          Approvals, coverage and guarantees
        </h2>
        {/* Two columns once two fit at the text's own size (a larger font gets one), three from 768 px. */}
        <ul className="grid grid-cols-[repeat(auto-fit,minmax(min(100%,9.5rem),1fr))] gap-x-6 gap-y-5 md:grid-cols-3">
          {trustSignals().map((signal) => (
            <li key={signal.id} className="flex items-center gap-3">
              <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-soft text-brand">
                <svg
                  viewBox="0 0 24 24"
                  aria-hidden="true"
                  focusable="false"
                  className="size-7 fill-none stroke-current"
                  strokeWidth="1.6"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                >
                  {marks[signal.mark]}
                </svg>
              </span>
              {/* A word wider than its column (text spacing in a wider fallback font) breaks rather than overflow. */}
              <span className="min-w-0 wrap-anywhere">
                <span className="block leading-snug font-bold">{signal.title}</span>
                {signal.detail ? <span className="block text-small text-muted">{signal.detail}</span> : null}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
