import { Link } from "react-router";
import { ContactWays } from "~/components/ui/contact-ways";
import { PageHeader } from "~/components/ui/page-header";
import { MarkdownBlocks } from "~/components/ui/markdown";
import { BulletList, ProseSection, TermList } from "~/components/ui/prose";
import {
  accessibilityStatement as statement,
  lighthouseSentence,
  replyPromise,
  statementDate,
  statementDescription,
  statementTitle,
} from "~/content/accessibility";
import { pagePaths } from "~/content/navigation";
import { accessibilityFigures } from "~/lib/benchmarks.server";
import { formatDayMonthYear } from "~/lib/format";
import { markdownBlocks } from "~/lib/markdown.server";
import { crumbs, seo } from "~/lib/seo";
import type { Route } from "./+types/accessibility";

// Plain HTML does everything here; no JavaScript bundle is loaded (`hydrate: false` in app/route-manifest.ts).

/** The Lighthouse figures, and the standard's text, written in Markdown, read on the server (below the section's h2). */
export function loader() {
  return { figures: accessibilityFigures(), standard: markdownBlocks(statement.standard.body, { topLevel: 3 }) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: statementTitle,
    description: statementDescription(),
    path: pagePaths.accessibility,
    keywords: ["Aquila accessibility", "WCAG 2.2 AA"],
    breadcrumbs: crumbs(statementTitle, pagePaths.accessibility),
  });

export default function Accessibility({ loaderData }: Route.ComponentProps) {
  const { figures, standard } = loaderData;
  const prepared = formatDayMonthYear(statementDate.date);
  return (
    <>
      <PageHeader eyebrow="Accessibility" title={statementTitle}>
        <p>{statement.intro}</p>
      </PageHeader>
      <div className="container-page max-w-prose space-y-10 py-12">
        <ProseSection id="standard" title={statement.standard.heading}>
          <MarkdownBlocks blocks={standard} />
        </ProseSection>

        <ProseSection id="features" title={statement.features.heading}>
          <BulletList items={statement.features.items} />
        </ProseSection>

        <ProseSection id="testing" title={statement.testing.heading}>
          <p className="mt-3">{statement.testing.lead}</p>
          <BulletList items={statement.testing.items} />
          <p className="mt-4">{lighthouseSentence(figures.lighthouseVersion, figures.runsPerRoute, figures.date)}</p>
          <table className="mt-3 w-full text-left text-body">
            <caption className="sr-only">Lighthouse accessibility score of each page</caption>
            <thead>
              <tr className="border-b border-line">
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Page
                </th>
                <th scope="col" className="py-2 font-semibold">
                  Score
                </th>
              </tr>
            </thead>
            <tbody>
              {figures.pages.map((page) => (
                <tr key={page.route} className="border-b border-line">
                  <th scope="row" className="py-2 pr-4 font-normal">
                    <Link to={page.route} className="inline-flex tap-target items-center underline">
                      {page.title}
                    </Link>
                  </th>
                  <td className="py-2">{page.accessibility}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ProseSection>

        <ProseSection id="limitations" title={statement.limitations.heading}>
          <TermList items={statement.limitations.items} />
        </ProseSection>

        <ProseSection
          id="report"
          title={statement.report.heading}
          className="rounded-2xl border-2 border-brand bg-surface p-6"
        >
          <p className="mt-3">{statement.report.lead}</p>
          <ContactWays
            subject="Accessibility barrier"
            form={{ to: "/contact?topic=accessibility#contact-form", label: statement.report.form }}
          />
          <p className="mt-3">{replyPromise(statement.report.meanwhile)}</p>
        </ProseSection>

        <p className="text-body text-muted">
          This statement was prepared on <time dateTime={statementDate.date}>{prepared}</time>.
        </p>
      </div>
    </>
  );
}
