/** The tinted box that ends a page with what to do next: a heading, a few words and its links. */
export function CallToAction({
  id,
  title,
  children,
  actions,
  className = "",
}: {
  id: string;
  title: string;
  children: React.ReactNode;
  actions: React.ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={id} className={`rounded-2xl bg-brand-soft p-8 md:p-12 ${className}`}>
      <h2 id={id} className="text-heading font-bold">
        {title}
      </h2>
      <div className="mt-3 max-w-prose">{children}</div>
      <div className="mt-6 flex flex-wrap gap-3">{actions}</div>
    </section>
  );
}
