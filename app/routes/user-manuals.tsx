import { Link } from "react-router";
import { ExternalLink, LinkButton } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";
import { manualsContent } from "~/content/manuals";
import { company } from "~/content/site";
import { guideSummaries } from "~/features/manuals/guides.server";
import { formatFileSize, formatMonthYear } from "~/lib/format";
import { crumbs, seo } from "~/lib/seo";
import { CallToAction } from "~/components/ui/call-to-action";
import type { Route } from "./+types/user-manuals";

export function loader() {
  // Read from memory (the published guides and what each upload is): the page is prerendered.
  const { title, intro, groups } = manualsContent;
  return { title, intro, groups, guides: guideSummaries() };
}

// Plain HTML does everything here; no JavaScript bundle is loaded (`hydrate: false` in app/route-manifest.ts).

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "User Guides",
    description: `The ${company.productName} user guides for the Manual Rocker Switch and Auto-Start models, to read as pages or download as booklets and single pages (PDF).`,
    path: "/user-manuals",
    keywords: ["SofTech manual", "SofTech user guide PDF"],
    breadcrumbs: crumbs("User Guides", "/user-manuals"),
  });

export default function UserManuals({ loaderData }: Route.ComponentProps) {
  const { title, intro, groups, guides } = loaderData;
  const formats = new Set(guides.map((g) => g.format));
  const hasPlaceholders = guides.some((g) => g.placeholder);
  const stats = [
    { label: "Guides", value: guides.length },
    { label: "Model types", value: groups.length },
    { label: "Formats", value: formats.size },
  ];
  return (
    <>
      <PageHeader eyebrow="Support" title={title}>
        <p>{intro}</p>
      </PageHeader>
      <div className="container-page py-12">
        <dl className="grid grid-cols-3 gap-4 text-center">
          {stats.map((stat) => (
            <div key={stat.label} className="rounded-xl border border-line bg-surface p-4">
              <dt className="text-small text-muted">{stat.label}</dt>
              <dd className="text-figure font-bold text-brand">{stat.value}</dd>
            </div>
          ))}
        </dl>

        {groups.map((group) => (
          <section key={group.id} aria-labelledby={`${group.id}-title`} className="mt-12">
            <div className="flex flex-wrap items-center gap-3">
              <h2 id={`${group.id}-title`} className="text-heading font-bold">
                {group.title}
              </h2>
              {hasPlaceholders ? (
                <span className="rounded-full border border-warning bg-warning-soft px-3 py-1 text-small font-semibold text-warning">
                  Placeholder Files
                </span>
              ) : null}
            </div>
            <p className="mt-2 max-w-prose text-muted">{group.description}</p>
            <ul className="mt-6 grid gap-6 md:grid-cols-2">
              {guides
                .filter((guide) => guide.group === group.id)
                .map((guide) => (
                  <li key={guide.id} className="flex flex-col rounded-xl border border-line bg-surface p-6">
                    <div className="flex items-center justify-between gap-2">
                      <h3 className="text-subheading font-bold">{guide.title}</h3>
                      <span className="rounded-md bg-brand-soft px-2 py-1 text-small font-semibold text-brand">
                        {guide.format}
                      </span>
                    </div>
                    <p className="mt-2 text-muted">{guide.description}</p>
                    <dl className="mt-4 grid grid-cols-3 gap-2 text-small">
                      <div>
                        <dt className="text-muted">Type</dt>
                        <dd className="font-semibold">PDF</dd>
                      </div>
                      <div>
                        <dt className="text-muted">Size</dt>
                        <dd className="font-semibold">
                          {guide.pdf ? formatFileSize(guide.pdf.size) : "Not available"}
                        </dd>
                      </div>
                      <div>
                        <dt className="text-muted">Updated</dt>
                        <dd className="font-semibold">{formatMonthYear(guide.lastUpdated)}</dd>
                      </div>
                    </dl>
                    <div className="mt-auto grid gap-3 pt-6">
                      <Link
                        to={guide.href}
                        className="inline-flex tap-target w-full items-center justify-center rounded-md bg-brand px-5 font-semibold text-brand-ink hover:opacity-90"
                      >
                        Read as a page<span className="sr-only">: {guide.title}</span>
                      </Link>
                      {guide.pdf ? (
                        <ExternalLink
                          href={guide.pdf.href}
                          hint={`PDF, ${formatFileSize(guide.pdf.size)}, opens in a new tab`}
                          className="inline-flex tap-target w-full items-center justify-center rounded-md border border-brand px-5 font-semibold text-brand hover:bg-brand-soft"
                        >
                          Download PDF<span className="sr-only">: {guide.title}</span>
                        </ExternalLink>
                      ) : null}
                    </div>
                  </li>
                ))}
            </ul>
          </section>
        ))}

        <CallToAction
          id="manuals-help"
          title="Need a hand?"
          className="mt-12"
          actions={
            <>
              <LinkButton to="/contact">Contact Support</LinkButton>
              <LinkButton to="/faq" variant="secondary">
                View FAQ
              </LinkButton>
            </>
          }
        >
          <p>Our team can walk you through setup, charging and firmness settings.</p>
        </CallToAction>
      </div>
    </>
  );
}
