import { Link, useRouteLoaderData } from "react-router";
import { MailIcon, PhoneIcon } from "~/components/layout/icons";
import { PageHeader } from "~/components/ui/page-header";
import { pagePaths } from "~/content/navigation";
import { type PolicyBlock, policyDate, privacyPolicy } from "~/content/privacy";
import { reviewPolicyPath, reviewPolicyTitle } from "~/content/review-labels";
import { company, defaultSupportEmail } from "~/content/site";
import { getConfig, privacyFacts } from "~/lib/config.server";
import { crumbs, seo } from "~/lib/seo";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/privacy";

// Plain HTML does everything here; no JavaScript bundle is loaded (`hydrate: false` in app/route-manifest.ts).
// Prerendered: the retention periods and what staff emails carry come from the configuration,
// which is part of the render fingerprint, so a change renders the page again at start.

export function loader() {
  return { facts: privacyFacts(getConfig()) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seo(matches, {
    title: "Privacy Policy",
    description: loaderData ? privacyPolicy(loaderData.facts).description : `How ${company.name} handles what you send.`,
    path: pagePaths.privacy,
    keywords: ["Aquila privacy policy", "consumer health data"],
    breadcrumbs: crumbs("Privacy Policy", pagePaths.privacy),
  });

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const email = useRouteLoaderData<typeof rootLoader>("root")?.supportEmail ?? defaultSupportEmail;
  const policy = privacyPolicy(loaderData.facts);
  const [first, ...rest] = policy.blocks;
  return (
    <>
      <PageHeader eyebrow="Privacy" title={policy.title}>
        <p>{policy.intro}</p>
        <p className="mt-3 text-base">
          Last updated <time dateTime={policyDate.date}>{policyDate.label}</time>.{" "}
          <a href="#health-data" className="tap-target inline-flex items-center font-semibold text-brand underline">
            Consumer health data
          </a>
        </p>
      </PageHeader>
      <div className="container-page max-w-prose space-y-10 py-12 text-lg">
        {first ? <Block block={first} /> : null}
        <section id={policy.health.id} aria-labelledby={`${policy.health.id}-title`} className="rounded-2xl border-2 border-brand bg-surface p-6">
          <h2 id={`${policy.health.id}-title`} className="text-2xl font-bold tracking-tight">
            {policy.health.title}
          </h2>
          <p className="mt-3">{policy.health.lead}</p>
          <Items items={policy.health.items} />
        </section>
        {rest.map((block) => (
          <Block key={block.id} block={block} />
        ))}
        <section id="how-to-ask" aria-labelledby="how-to-ask-title">
          <h2 id="how-to-ask-title" className="text-2xl font-bold tracking-tight">
            {policy.contact.title}
          </h2>
          <p className="mt-3">{policy.contact.lead}</p>
          <ul className="mt-3 space-y-1">
            <li>
              <Link to="/contact?topic=privacy#contact-form" className="tap-target inline-flex items-center font-semibold text-brand underline">
                {policy.contact.form}
              </Link>
            </li>
            <li>
              <a href={`mailto:${email}?subject=${encodeURIComponent("Privacy request")}`} className="tap-target inline-flex items-center gap-2 break-all font-semibold text-brand underline">
                <MailIcon />
                {email}
              </a>
            </li>
            <li>
              <a href={`tel:${company.phone.dial}`} className="tap-target inline-flex items-center gap-2 font-semibold text-brand underline">
                <PhoneIcon />
                {company.phone.display}
              </a>{" "}
              <span className="text-muted">({company.hours.long})</span>
            </li>
          </ul>
          <p className="mt-6">
            Reviews:{" "}
            <Link to={reviewPolicyPath} className="font-semibold text-brand underline">
              {reviewPolicyTitle}
            </Link>
            , and how to ask for one to be taken down.
          </p>
        </section>
      </div>
    </>
  );
}

function Block({ block }: { block: PolicyBlock }) {
  return (
    <section id={block.id} aria-labelledby={`${block.id}-title`}>
      <h2 id={`${block.id}-title`} className="text-2xl font-bold tracking-tight">
        {block.title}
      </h2>
      {block.paragraphs.map((paragraph) => (
        <p key={paragraph} className="mt-3">
          {paragraph}
        </p>
      ))}
      {block.items ? <Items items={block.items} /> : null}
    </section>
  );
}

function Items({ items }: { items: Array<{ term: string; detail: string }> }) {
  return (
    <dl className="mt-4 space-y-4">
      {items.map((item) => (
        <div key={item.term}>
          <dt className="font-semibold">{item.term}</dt>
          <dd className="mt-1">{item.detail}</dd>
        </div>
      ))}
    </dl>
  );
}
