import { Link, useRouteLoaderData } from "react-router";
import { MailIcon, PhoneIcon } from "~/components/layout/icons";
import { PageHeader } from "~/components/ui/page-header";
import { accessibilityStatement as statement, statementDate } from "~/content/accessibility";
import { pagePaths } from "~/content/navigation";
import { company, defaultSupportEmail } from "~/content/site";
import { accessibilityFigures } from "~/lib/benchmarks.server";
import { crumbs, seo } from "~/lib/seo";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/accessibility";

// Plain HTML does everything here; no JavaScript bundle is loaded (`hydrate: false` in app/route-manifest.ts).

export function loader() {
  return { figures: accessibilityFigures() };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: statement.title,
    description: statement.description,
    path: pagePaths.accessibility,
    keywords: ["Aquila accessibility", "WCAG 2.2 AA"],
    breadcrumbs: crumbs(statement.title, pagePaths.accessibility),
  });

export default function Accessibility({ loaderData }: Route.ComponentProps) {
  const { figures } = loaderData;
  const email = useRouteLoaderData<typeof rootLoader>("root")?.supportEmail ?? defaultSupportEmail;
  return (
    <>
      <PageHeader eyebrow="Accessibility" title={statement.title}>
        <p>{statement.intro}</p>
      </PageHeader>
      <div className="container-page max-w-prose space-y-10 py-12 text-lg">
        <section id="standard" aria-labelledby="standard-title">
          <h2 id="standard-title" className="text-2xl font-bold tracking-tight">
            {statement.standard.title}
          </h2>
          {statement.standard.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-3">
              {paragraph}
            </p>
          ))}
        </section>

        <section id="features" aria-labelledby="features-title">
          <h2 id="features-title" className="text-2xl font-bold tracking-tight">
            {statement.features.title}
          </h2>
          <ul className="mt-3 list-disc space-y-2 pl-6">
            {statement.features.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>

        <section id="testing" aria-labelledby="testing-title">
          <h2 id="testing-title" className="text-2xl font-bold tracking-tight">
            {statement.testing.title}
          </h2>
          <p className="mt-3">{statement.testing.lead}</p>
          <ul className="mt-3 list-disc space-y-2 pl-6">
            {statement.testing.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <p className="mt-4">{statement.testing.figures(figures.lighthouseVersion, figures.runsPerRoute, figures.date)}</p>
          <table className="mt-3 w-full text-left text-base">
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
                    <Link to={page.route} className="tap-target inline-flex items-center underline">
                      {page.route}
                    </Link>
                  </th>
                  <td className="py-2">{page.accessibility}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>

        <section id="limitations" aria-labelledby="limitations-title">
          <h2 id="limitations-title" className="text-2xl font-bold tracking-tight">
            {statement.limitations.title}
          </h2>
          <dl className="mt-4 space-y-4">
            {statement.limitations.items.map((item) => (
              <div key={item.term}>
                <dt className="font-semibold">{item.term}</dt>
                <dd className="mt-1">{item.detail}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section id="report" aria-labelledby="report-title" className="rounded-2xl border-2 border-brand bg-surface p-6">
          <h2 id="report-title" className="text-2xl font-bold tracking-tight">
            {statement.report.title}
          </h2>
          <p className="mt-3">{statement.report.lead}</p>
          <ul className="mt-3 space-y-1">
            <li>
              <Link to="/contact?topic=accessibility#contact-form" className="tap-target inline-flex items-center font-semibold text-brand underline">
                {statement.report.form}
              </Link>
            </li>
            <li>
              <a href={`tel:${company.phone.dial}`} className="tap-target inline-flex items-center gap-2 font-semibold text-brand underline">
                <PhoneIcon />
                {company.phone.display}
              </a>{" "}
              <span className="text-muted">({company.hours.long})</span>
            </li>
            <li>
              <a href={`mailto:${email}?subject=${encodeURIComponent("Accessibility barrier")}`} className="tap-target inline-flex items-center gap-2 break-all font-semibold text-brand underline">
                <MailIcon />
                {email}
              </a>
            </li>
          </ul>
          <p className="mt-3">{statement.report.response}</p>
        </section>

        <p className="text-base text-muted">
          This statement was prepared on <time dateTime={statementDate.date}>{statementDate.label}</time>.
        </p>
      </div>
    </>
  );
}
