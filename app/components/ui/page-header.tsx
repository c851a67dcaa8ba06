/** The title block at the top of an inner page; `media` sits beside the words from tablet width up. */
export function PageHeader({
  eyebrow,
  title,
  children,
  media,
}: {
  eyebrow?: string;
  title: string;
  children?: React.ReactNode;
  media?: React.ReactNode;
}) {
  return (
    <header className="border-b border-line bg-surface">
      <div
        className={`container-page py-12 md:py-16 ${media ? "grid items-center gap-10 md:grid-cols-[3fr_2fr]" : ""}`}
      >
        <div>
          {eyebrow ? <p className="font-semibold text-brand">{eyebrow}</p> : null}
          <h1 className="mt-2 text-title font-bold wrap-break-word hyphens-auto">{title}</h1>
          {children ? <div className="mt-4 max-w-prose text-lead text-muted">{children}</div> : null}
        </div>
        {media}
      </div>
    </header>
  );
}

/**
 * How a section sits on the page: `plain` on the page's own background, `band` as a full-width
 * strip of the raised surface, `brand` as a full-width strip of the brand's soft tint. Alternating
 * them gives a long page its rhythm.
 */
export type SectionTone = "plain" | "band" | "brand";

const sectionTones: Record<SectionTone, string> = {
  plain: "",
  band: "border-y border-line bg-surface",
  brand: "bg-brand-soft",
};

export function Section({
  id,
  title,
  intro,
  children,
  tone = "plain",
}: {
  id: string;
  title: string;
  intro?: React.ReactNode;
  children: React.ReactNode;
  tone?: SectionTone;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={sectionTones[tone]}>
      <div className="container-page py-14 md:py-20">
        <h2 id={`${id}-title`} className="text-heading font-bold">
          {title}
        </h2>
        {intro ? <div className="mt-3 max-w-prose text-lead text-muted">{intro}</div> : null}
        <div className="mt-8 md:mt-10">{children}</div>
      </div>
    </section>
  );
}
