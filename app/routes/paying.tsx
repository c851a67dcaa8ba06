import { Link } from "react-router";
import { LinkButton } from "~/components/ui/button";
import { CallToAction } from "~/components/ui/call-to-action";
import { ContactWays } from "~/components/ui/contact-ways";
import { PageHeader, Section } from "~/components/ui/page-header";
import { BulletList, ProseSection, StepList, TermList } from "~/components/ui/prose";
import { pagePaths } from "~/content/navigation";
import { includedTerms, knownBillingCode, payingPage, payingQuestions } from "~/content/paying";
import { company, coverage } from "~/content/site";
import { crumbs, seo } from "~/lib/seo";
import type { Route } from "./+types/paying";

// Plain HTML does everything here; no JavaScript bundle is loaded (`hydrate: false` in app/route-manifest.ts).

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: payingPage.title,
    description: payingPage.description,
    path: pagePaths.paying,
    keywords: [
      "SofTech insurance",
      "wheelchair cushion insurance coverage",
      "durable medical equipment cushion",
      "DME dealer",
    ],
    breadcrumbs: [...crumbs("Product", "/product"), { name: payingPage.title, path: pagePaths.paying }],
  });

export default function Paying() {
  const code = coverage.billingCode.code;
  return (
    <>
      <PageHeader eyebrow="Product" title={payingPage.title}>
        <p>{payingPage.intro}</p>
      </PageHeader>

      <Section id="insurance-steps" title={payingPage.steps.title}>
        <StepList steps={payingPage.steps.items} className="grid gap-4 md:grid-cols-2" />
      </Section>

      <div className="container-page grid gap-10 py-12 lg:grid-cols-2">
        <ProseSection id="billing-code" title={payingPage.billingCode.title}>
          <p className="mt-3 max-w-prose">{payingPage.billingCode.body}</p>
          {code ? (
            <p className="mt-3 text-subheading font-bold">{knownBillingCode(code)}</p>
          ) : (
            <>
              <p className="mt-3 max-w-prose">{payingPage.billingCode.ask}</p>
              <ContactWays subject={`${company.productName} billing code`} />
            </>
          )}
        </ProseSection>

        <ProseSection id="papers" title={payingPage.papers.title}>
          <p className="mt-3 max-w-prose">{payingPage.papers.intro}</p>
          <BulletList items={payingPage.papers.items} className="max-w-prose" />
        </ProseSection>
      </div>

      <Section id="questions" title={payingQuestions.title}>
        <div className="grid gap-6 md:grid-cols-3">
          {payingQuestions.lists.map((list) => (
            <section
              key={list.id}
              aria-labelledby={`${list.id}-title`}
              className="rounded-xl border border-line bg-surface p-6"
            >
              <h3 id={`${list.id}-title`} className="text-subheading font-bold">
                {list.title}
              </h3>
              <BulletList items={list.questions} />
            </section>
          ))}
        </div>
      </Section>

      <div className="container-page grid gap-10 py-12 lg:grid-cols-2">
        <ProseSection id="self-pay" title={payingPage.selfPay.title}>
          <p className="mt-3 max-w-prose">{payingPage.selfPay.body}</p>
        </ProseSection>
        <ProseSection id="included" title={payingPage.included.title}>
          <TermList items={includedTerms()} muted />
          <p className="mt-4">
            <Link to="/faq" className="inline-flex tap-target items-center font-semibold text-brand underline">
              More answers in the FAQ
            </Link>
          </p>
        </ProseSection>
      </div>

      <div className="container-page py-12">
        <CallToAction
          id="paying-cta"
          title={payingPage.cta.title}
          actions={
            <>
              <LinkButton to="/order">Request an Order</LinkButton>
              <LinkButton to="/contact#contact-form" variant="secondary">
                Ask a question
              </LinkButton>
            </>
          }
        >
          <p>{payingPage.cta.body}</p>
        </CallToAction>
      </div>
    </>
  );
}
