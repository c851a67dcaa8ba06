import { Link } from "react-router";
import { type MarkdownBlock, MarkdownBlocks, type MarkdownLooks, proseLooks } from "~/components/ui/markdown";
import { PageHeader } from "~/components/ui/page-header";
import { declineReasonLabels, reviewPolicyPath, reviewPolicyTitle } from "~/content/review-labels";
import { type ReviewPolicySection, reviewPolicy, reviewPolicySections, sectionLeads } from "~/content/review-policy";
import { company } from "~/content/site";
import { markdownBlocks } from "~/lib/markdown.server";
import { crumbs, seo } from "~/lib/seo";
import { reviewDeclineReasons } from "#db/schema";
import type { Route } from "./+types/review-policy";

// Plain HTML does everything here; no JavaScript bundle is loaded (`hydrate: false` in app/route-manifest.ts).

/** Each section's text, written in Markdown, read on the server (below the section's h2). */
export function loader() {
  const bodies = Object.fromEntries(
    reviewPolicySections.map((id) => [id, markdownBlocks(reviewPolicy.sections[id].body, { topLevel: 3 })]),
  ) as Record<ReviewPolicySection, MarkdownBlock[]>;
  return { bodies };
}

/** A section's paragraphs are spaced by the block around them, so they carry no margin of their own. */
const sectionLooks: MarkdownLooks = {
  ...proseLooks,
  p: undefined,
  ul: "list-disc space-y-2 pl-6",
  ol: "list-decimal space-y-2 pl-6",
};

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: reviewPolicyTitle,
    description: `What we publish on the ${company.productName} reviews page, what we do not and why, how long it takes, and how to ask for a review to be removed. Ratings never decide it.`,
    path: reviewPolicyPath,
    keywords: ["SofTech review policy", "review moderation"],
    breadcrumbs: [...crumbs("Testimonials", "/testimonials"), { name: reviewPolicyTitle, path: reviewPolicyPath }],
  });

export default function ReviewPolicy({ loaderData }: Route.ComponentProps) {
  const { bodies } = loaderData;
  const leads = sectionLeads();
  return (
    <>
      <PageHeader eyebrow="Reviews" title={reviewPolicyTitle}>
        <p>{reviewPolicy.intro}</p>
      </PageHeader>
      <div className="container-page max-w-prose space-y-10 py-12">
        {reviewPolicySections.map((id) => (
          <section key={id} id={id} aria-labelledby={`${id}-title`}>
            <h2 id={`${id}-title`} className="text-heading font-bold">
              {reviewPolicy.sections[id].heading}
            </h2>
            <div className="mt-3 space-y-3">
              {leads[id] ? <p>{leads[id]}</p> : null}
              <MarkdownBlocks blocks={bodies[id]} looks={sectionLooks} />
            </div>
            {id === "not-published" ? (
              <dl className="mt-4 space-y-4">
                {reviewDeclineReasons.map((reason) => (
                  <div key={reason}>
                    <dt className="font-semibold">{declineReasonLabels[reason]}</dt>
                    <dd className="mt-1">{reviewPolicy.reasons[reason]}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
            {id === "removal" ? (
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
