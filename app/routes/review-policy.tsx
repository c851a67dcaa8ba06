import { Link } from "react-router";
import { PageHeader } from "~/components/ui/page-header";
import { declineReasonLabels, reviewPolicyPath, reviewPolicyTitle } from "~/content/review-labels";
import { declineReasonExplanations, reviewPolicy } from "~/content/review-policy";
import { company } from "~/content/site";
import { crumbs, seo } from "~/lib/seo";
import { reviewDeclineReasons } from "#db/schema";
import type { Route } from "./+types/review-policy";

// Plain HTML does everything here; no JavaScript bundle is loaded (`hydrate: false` in app/route-manifest.ts).

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: reviewPolicyTitle,
    description: `What we publish on the ${company.productName} reviews page, what we do not and why, how long it takes, and how to ask for a review to be removed. Ratings never decide it.`,
    path: reviewPolicyPath,
    keywords: ["SofTech review policy", "review moderation"],
    breadcrumbs: [...crumbs("Testimonials", "/testimonials"), { name: reviewPolicyTitle, path: reviewPolicyPath }],
  });

export default function ReviewPolicy() {
  const policy = reviewPolicy();
  const explanations = declineReasonExplanations();
  return (
    <>
      <PageHeader eyebrow="Reviews" title={policy.title}>
        <p>{policy.intro}</p>
      </PageHeader>
      <div className="container-page max-w-prose space-y-10 py-12">
        {policy.sections.map((section) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
            <h2 id={`${section.id}-title`} className="text-heading font-bold">
              {section.title}
            </h2>
            <div className="mt-3 space-y-3">
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
            {section.id === "not-published" ? (
              <dl className="mt-4 space-y-4">
                {reviewDeclineReasons.map((reason) => (
                  <div key={reason}>
                    <dt className="font-semibold">{declineReasonLabels[reason]}</dt>
                    <dd className="mt-1">{explanations[reason]}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
            {section.id === "removal" ? (
              <p className="mt-3">
                <Link
                  to="/contact?topic=general#contact-form"
                  className="inline-flex tap-target items-center font-semibold text-brand underline"
                >
                  Send us a message about a review
                </Link>{" "}
                or call {company.phone.display}, {company.hours.long}.
              </p>
            ) : null}
          </section>
        ))}
        <p>
          <Link to="/testimonials" className="inline-flex tap-target items-center font-semibold text-brand underline">
            Read the reviews and the counts
          </Link>
        </p>
      </div>
    </>
  );
}
