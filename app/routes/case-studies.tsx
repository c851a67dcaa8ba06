import { Link } from "react-router";
import { buttonClass, LinkButton } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";
import { type CaseStudy, caseStudies, caseStudiesPage, interimResultLabel } from "~/content/case-studies";
import { company } from "~/content/site";
import { crumbs, seo } from "~/lib/seo";
import { Photo } from "~/components/ui/photo";
import { shownPhoto } from "~/lib/uploads/uploads.server";
import type { Route } from "./+types/case-studies";

// Plain HTML does everything here; no JavaScript bundle is loaded (`hydrate: false` in app/route-manifest.ts).

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Case Studies",
    description: `Studies of the ${company.productName} alternating-pressure cushion: pressure-sore healing, prevention and user satisfaction.`,
    path: "/case-studies",
    keywords: ["SofTech case studies", "pressure sore healing study"],
    breadcrumbs: crumbs("Case Studies", "/case-studies"),
  });

const statusStyle: Record<CaseStudy["status"], string> = {
  Completed: "border-success bg-success-soft text-success",
  Ongoing: "border-warning bg-warning-soft text-warning",
};

export function studyRequestHref(study: CaseStudy) {
  const params = new URLSearchParams({ topic: "product", subject: `Full study: ${study.title}` });
  return `/contact?${params.toString()}#contact-form`;
}

export function loader() {
  // Each study's photo as uploaded (read from memory: the page is prerendered), or null.
  return { photos: caseStudies.map((study) => shownPhoto(study.photo)) };
}

export default function CaseStudies({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader eyebrow={caseStudiesPage.eyebrow} title={caseStudiesPage.title}>
        <p>{caseStudiesPage.intro}</p>
      </PageHeader>
      <div className="container-page py-12">
        <Link
          to="/"
          className="-ml-3 inline-flex tap-target items-center rounded-md px-3 font-semibold text-brand underline"
        >
          <span aria-hidden="true">←&nbsp;</span>
          {caseStudiesPage.back}
        </Link>
        <ul className="mt-6 grid gap-6 md:grid-cols-3">
          {caseStudies.map((study, index) => (
            <li key={study.id}>
              <article
                aria-labelledby={`${study.id}-title`}
                className="flex h-full flex-col rounded-xl border border-line bg-surface p-6"
              >
                {loaderData.photos[index] ? (
                  <Photo
                    photo={loaderData.photos[index]}
                    sizes="(min-width: 768px) 30vw, 100vw"
                    className="mb-4 h-auto w-full rounded-lg"
                  />
                ) : null}
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="text-small font-semibold text-brand">{study.category}</p>
                  <p className={`rounded-full border px-3 py-1 text-small font-semibold ${statusStyle[study.status]}`}>
                    <span className="sr-only">Status: </span>
                    {study.status}
                  </p>
                </div>
                <h2 id={`${study.id}-title`} className="mt-3 text-subheading font-bold">
                  {study.title}
                </h2>
                <p className="mt-2 text-muted">{study.summary}</p>
                <dl className="mt-4 grid grid-cols-2 gap-3">
                  <div>
                    <dt className="text-small text-muted">{caseStudiesPage.labels.participants}</dt>
                    <dd className="font-semibold">{study.participants}</dd>
                  </div>
                  <div>
                    <dt className="text-small text-muted">{caseStudiesPage.labels.duration}</dt>
                    <dd className="font-semibold">{study.duration}</dd>
                  </div>
                  <div className="col-span-2">
                    <dt className="text-small text-muted">
                      {study.status === "Ongoing"
                        ? interimResultLabel(study.participants)
                        : caseStudiesPage.labels.result}
                    </dt>
                    <dd className="text-heading font-bold wrap-anywhere text-brand">{study.result}</dd>
                    {study.status === "Ongoing" ? (
                      <dd className="mt-1 text-small text-muted">{caseStudiesPage.labels.interimNote}</dd>
                    ) : null}
                  </div>
                </dl>
                <div className="mt-auto pt-6">
                  <Link to={studyRequestHref(study)} className={buttonClass("secondary", "w-full")}>
                    {caseStudiesPage.request}
                    <span className="sr-only">: {study.title}</span>
                  </Link>
                </div>
              </article>
            </li>
          ))}
        </ul>
        <div className="mt-12 flex flex-wrap gap-3">
          <LinkButton to="/order">{caseStudiesPage.order}</LinkButton>
          <LinkButton to="/contact" variant="secondary">
            {caseStudiesPage.contact}
          </LinkButton>
        </div>
      </div>
    </>
  );
}
