import { Link } from "react-router";
import { ContactWays } from "~/components/ui/contact-ways";
import { PageHeader } from "~/components/ui/page-header";
import { ProseSection, TermList } from "~/components/ui/prose";
import { pagePaths } from "~/content/navigation";
import { type PolicyBlock, policyDate, privacyPolicy } from "~/content/privacy";
import { reviewPolicyPath, reviewPolicyTitle } from "~/content/review-labels";
import { company } from "~/content/site";
import { getConfig, privacyFacts } from "~/lib/config.server";
import { formatDayMonthYear } from "~/lib/format";
import { crumbs, seo } from "~/lib/seo";
import type { Route } from "./+types/privacy";

// Plain HTML does everything here; no JavaScript bundle is loaded (`hydrate: false` in app/route-manifest.ts),
// so the policy's markers are filled in on the server only, as the page is drawn.
// Prerendered: the retention periods and what staff emails carry come from the configuration,
// which is part of the render fingerprint, so a change renders the page again at start; a
// published wording draws the page again like any content.

export function loader() {
  return { facts: privacyFacts(getConfig()) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seo(matches, {
    title: "Privacy Policy",
    description: loaderData
      ? privacyPolicy(loaderData.facts).description
      : `How ${company.name} handles what you send.`,
    path: pagePaths.privacy,
    keywords: ["Aquila privacy policy", "consumer health data"],
    breadcrumbs: crumbs("Privacy Policy", pagePaths.privacy),
  });

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const policy = privacyPolicy(loaderData.facts);
  const [first, ...rest] = policy.blocks;
  return (
    <>
      <PageHeader eyebrow="Privacy" title={policy.title}>
        <p>{policy.intro}</p>
        <p className="mt-3 text-body">
          Last updated <time dateTime={policyDate.date}>{formatDayMonthYear(policyDate.date)}</time>.{" "}
          <a
            href={`#${policy.health.id}`}
            className="inline-flex tap-target items-center font-semibold text-brand underline"
          >
            Consumer health data
          </a>
        </p>
      </PageHeader>
      <div className="container-page max-w-prose space-y-10 py-12">
        {first ? <Block block={first} /> : null}
        <ProseSection
          id={policy.health.id}
          title={policy.health.title}
          className="rounded-2xl border-2 border-brand bg-surface p-6"
        >
          <p className="mt-3">{policy.health.lead}</p>
          <TermList items={policy.health.items} />
        </ProseSection>
        {rest.map((block) => (
          <Block key={block.id} block={block} />
        ))}
        <ProseSection id={policy.contact.id} title={policy.contact.title}>
          <p className="mt-3">{policy.contact.lead}</p>
          <ContactWays
            subject="Privacy request"
            form={{ to: "/contact?topic=privacy#contact-form", label: policy.contact.form }}
          />
          <p className="mt-6">
            Reviews:{" "}
            <Link to={reviewPolicyPath} className="font-semibold text-brand underline">
              {reviewPolicyTitle}
            </Link>
            , and how to ask for one to be taken down.
          </p>
        </ProseSection>
      </div>
    </>
  );
}

function Block({ block }: { block: PolicyBlock }) {
  return (
    <ProseSection id={block.id} title={block.title}>
      {block.paragraphs.map((paragraph, index) => (
        <p key={index} className="mt-3">
          {paragraph}
        </p>
      ))}
      {block.items ? <TermList items={block.items} /> : null}
    </ProseSection>
  );
}
