/** The building blocks of a text page (the policies, the statement, Paying for SofTech). */

/**
 * A titled part of a text page, reached by its h2. Not a named region: a policy has a dozen of
 * them, which would crowd a screen reader's list of landmarks; headings are the way through.
 */
export function ProseSection({
  id,
  title,
  children,
  className = "",
}: {
  id: string;
  title: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <section id={id} className={className}>
      <h2 id={`${id}-title`} className="text-heading font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Terms and what each means, as a description list. */
export function TermList({
  items,
  muted = false,
}: {
  items: ReadonlyArray<{ term: string; detail: string }>;
  muted?: boolean;
}) {
  return (
    <dl className="mt-4 space-y-4">
      {items.map((item) => (
        <div key={item.term}>
          <dt className="font-semibold">{item.term}</dt>
          <dd className={`mt-1 ${muted ? "text-muted" : ""}`}>{item.detail}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A bulleted list of sentences. */
export function BulletList({ items, className = "" }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={`mt-3 list-disc space-y-2 pl-6 ${className}`}>
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}

/** Steps in order, each numbered in a circle (read as "Step 2: …"), with a heading and a few words. */
export function StepList({
  steps,
  className,
}: {
  steps: ReadonlyArray<{ title: string; body: string }>;
  className: string;
}) {
  return (
    <ol className={className}>
      {steps.map((step, index) => (
        <li key={step.title} className="rounded-xl border border-line bg-surface p-6">
          <p
            aria-hidden="true"
            className="inline-flex size-10 items-center justify-center rounded-full bg-brand font-bold text-brand-ink"
          >
            {index + 1}
          </p>
          <h3 className="mt-3 text-subheading font-bold">
            <span className="sr-only">Step {index + 1}: </span>
            {step.title}
          </h3>
          <p className="mt-2 text-muted">{step.body}</p>
        </li>
      ))}
    </ol>
  );
}
