import { data, Link } from "react-router";
import { ExternalLink } from "~/components/ui/button";
import { MarkdownBlocks } from "~/components/ui/markdown";
import { guidePage } from "~/features/manuals/guides.server";
import { formatFileSize, formatMonthYear } from "~/lib/format";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/user-manual";

export function loader({ params }: Route.LoaderArgs) {
  const page = guidePage(params.id);
  if (!page) throw data(null, { status: 404 });
  return page;
}

// Plain HTML does everything here; no JavaScript bundle is loaded (`hydrate: false` in app/route-manifest.ts).

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  loaderData
    ? seo(matches, {
        title: loaderData.guide.title,
        description: loaderData.guide.description,
        path: loaderData.guide.href,
        breadcrumbs: [
          { name: "Home", path: "/" },
          { name: "User Guides", path: "/user-manuals" },
          { name: loaderData.guide.title, path: loaderData.guide.href },
        ],
      })
    : [];

function pdfHint(pdf: { size: number; pages: number }) {
  return `PDF, ${pdf.pages} page${pdf.pages === 1 ? "" : "s"}, ${formatFileSize(pdf.size)}, opens in a new tab`;
}

/**
 * One user guide as a page: its sections listed at the top, headings a screen reader can jump
 * between, the PDF beside it, and the PDFs it replaced. Printed, it is the guide alone.
 */
export default function UserManual({ loaderData }: Route.ComponentProps) {
  const { guide, group, blocks, sections, earlier } = loaderData;
  return (
    <article className="manual">
      <header className="border-b border-line bg-surface print:border-0 print:bg-transparent">
        <div className="container-page py-10 md:py-14 print:py-0">
          <nav aria-label="Breadcrumb" className="print:hidden">
            <Link to="/user-manuals" className="inline-flex tap-target items-center font-semibold text-brand underline">
              All user guides
            </Link>
          </nav>
          <p className="mt-2 font-semibold text-brand">
            {group ? `${group.title} · ` : ""}
            {guide.format}
          </p>
          <h1 className="mt-2 text-title font-bold wrap-break-word hyphens-auto">{guide.title}</h1>
          <p className="mt-4 max-w-prose text-lead text-muted">{guide.description}</p>
          <p className="mt-4 text-muted">{`Edition of ${formatMonthYear(guide.lastUpdated)}`}</p>
          {guide.pdf ? (
            <p className="mt-6 print:hidden">
              <ExternalLink
                href={guide.pdf.href}
                hint={pdfHint(guide.pdf)}
                className="inline-flex tap-target items-center justify-center rounded-md bg-brand px-5 font-semibold text-brand-ink hover:opacity-90"
              >
                Download the PDF
              </ExternalLink>
            </p>
          ) : null}
        </div>
      </header>
      <div className="container-page py-10 md:grid md:grid-cols-[16rem_1fr] md:gap-12 print:block print:py-4">
        {sections.length > 0 ? (
          <nav aria-labelledby="contents-title" className="md:self-start print:hidden">
            <h2 id="contents-title" className="text-subheading font-bold">
              Contents
            </h2>
            <ol className="mt-3 grid gap-1">
              {sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`} className="inline-flex tap-target items-center underline">
                    {section.title}
                  </a>
                  {section.subsections.length > 0 ? (
                    <ol className="grid gap-1 pl-4">
                      {section.subsections.map((subsection) => (
                        <li key={subsection.id}>
                          <a href={`#${subsection.id}`} className="inline-flex tap-target items-center underline">
                            {subsection.title}
                          </a>
                        </li>
                      ))}
                    </ol>
                  ) : null}
                </li>
              ))}
            </ol>
          </nav>
        ) : null}
        <div className="manual-text mt-8 max-w-prose md:mt-0">
          <MarkdownBlocks blocks={blocks} />
          {earlier.length > 0 ? (
            <section aria-labelledby="earlier-editions-title" className="mt-12 border-t border-line pt-8 print:hidden">
              <h2 id="earlier-editions-title" className="text-heading font-bold">
                Earlier editions
              </h2>
              <p className="mt-3">
                The editions this guide replaced, kept for anyone whose cushion came with one of them.
              </p>
              <ul className="mt-3 grid gap-2">
                {earlier.map((edition) => (
                  <li key={`${edition.lastUpdated}-${edition.pdf?.href ?? ""}`}>
                    {edition.pdf ? (
                      <ExternalLink
                        href={edition.pdf.href}
                        hint={pdfHint(edition.pdf)}
                        className="inline-flex tap-target items-center font-semibold text-brand underline"
                      >
                        {`Edition of ${formatMonthYear(edition.lastUpdated)}`}
                      </ExternalLink>
                    ) : (
                      <span>{`Edition of ${formatMonthYear(edition.lastUpdated)}`}</span>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      </div>
    </article>
  );
}
