/** The title block at the top of an inner page. */
export function PageHeader({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: React.ReactNode }) {
  return (
    <header className="border-b border-line bg-surface">
      <div className="container-page py-12 md:py-16">
        {eyebrow ? <p className="font-semibold text-brand">{eyebrow}</p> : null}
        <h1 className="mt-2 text-3xl font-bold tracking-tight md:text-4xl">{title}</h1>
        {children ? <div className="mt-4 max-w-prose text-lg text-muted">{children}</div> : null}
      </div>
    </header>
  );
}

export function Section({
  id,
  title,
  intro,
  children,
  className = "",
}: {
  id: string;
  title: string;
  intro?: React.ReactNode;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={`container-page py-12 ${className}`}>
      <h2 id={`${id}-title`} className="text-2xl font-bold tracking-tight md:text-3xl">
        {title}
      </h2>
      {intro ? <div className="mt-3 max-w-prose text-muted">{intro}</div> : null}
      <div className="mt-8">{children}</div>
    </section>
  );
}
