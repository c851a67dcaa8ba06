import { Link, useRouteLoaderData } from "react-router";
import { MailIcon, PhoneIcon } from "~/components/layout/icons";
import { LinkButton } from "~/components/ui/button";
import { CallToAction } from "~/components/ui/call-to-action";
import { PageHeader, Section } from "~/components/ui/page-header";
import { pagePaths } from "~/content/navigation";
import { payingPage } from "~/content/paying";
import { company, coverage, defaultSupportEmail } from "~/content/site";
import { crumbs, seo } from "~/lib/seo";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/paying";

// Plain HTML does everything here; no JavaScript bundle is loaded (`hydrate: false` in app/route-manifest.ts).

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: payingPage.title,
    description: payingPage.description,
    path: pagePaths.paying,
    keywords: payingPage.keywords,
    breadcrumbs: [...crumbs("Product", "/product"), { name: payingPage.title, path: pagePaths.paying }],
  });

export default function Paying() {
  const email = useRouteLoaderData<typeof rootLoader>("root")?.supportEmail ?? defaultSupportEmail;
  const code = coverage.billingCode.code;
  return (
    <>
      <PageHeader eyebrow={payingPage.eyebrow} title={payingPage.title}>
        <p>{payingPage.intro}</p>
      </PageHeader>

      <Section id="insurance-steps" title={payingPage.steps.title}>
        <ol className="grid gap-4 md:grid-cols-2">
          {payingPage.steps.items.map((step, index) => (
            <li key={step.title} className="rounded-xl border border-line bg-surface p-6">
              <p aria-hidden="true" className="inline-flex size-10 items-center justify-center rounded-full bg-brand font-bold text-brand-ink">
                {index + 1}
              </p>
              <h3 className="mt-3 text-lg font-semibold">
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-2 text-muted">{step.body}</p>
            </li>
          ))}
        </ol>
      </Section>

      <div className="container-page grid gap-10 py-12 lg:grid-cols-2">
        <section id="billing-code" aria-labelledby="billing-code-title">
          <h2 id="billing-code-title" className="text-2xl font-bold tracking-tight">
            {payingPage.billingCode.title}
          </h2>
          <p className="mt-3 max-w-prose">{payingPage.billingCode.body}</p>
          {code ? (
            <p className="mt-3 text-xl font-bold">{payingPage.billingCode.known(code)}</p>
          ) : (
            <>
              <p className="mt-3 max-w-prose">{payingPage.billingCode.ask}</p>
              <ul className="mt-2 space-y-1">
                <li>
                  <a href={`tel:${company.phone.dial}`} className="tap-target inline-flex items-center gap-2 font-semibold text-brand underline">
                    <PhoneIcon />
                    {company.phone.display}
                  </a>{" "}
                  <span className="text-muted">({company.hours.long})</span>
                </li>
                <li>
                  <a href={`mailto:${email}?subject=${encodeURIComponent(`${company.productName} billing code`)}`} className="tap-target inline-flex items-center gap-2 break-all font-semibold text-brand underline">
                    <MailIcon />
                    {email}
                  </a>
                </li>
              </ul>
            </>
          )}
        </section>

        <section id="papers" aria-labelledby="papers-title">
          <h2 id="papers-title" className="text-2xl font-bold tracking-tight">
            {payingPage.papers.title}
          </h2>
          <p className="mt-3 max-w-prose">{payingPage.papers.intro}</p>
          <ul className="mt-3 max-w-prose list-disc space-y-2 pl-6">
            {payingPage.papers.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
      </div>

      <Section id="questions" title={payingPage.questions.title}>
        <div className="grid gap-6 md:grid-cols-3">
          {payingPage.questions.lists.map((list) => (
            <section key={list.id} aria-labelledby={`${list.id}-title`} className="rounded-xl border border-line bg-surface p-6">
              <h3 id={`${list.id}-title`} className="text-lg font-semibold">
                {list.title}
              </h3>
              <ul className="mt-3 list-disc space-y-2 pl-5">
                {list.questions.map((question) => (
                  <li key={question}>{question}</li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </Section>

      <div className="container-page grid gap-10 py-12 lg:grid-cols-2">
        <section id="self-pay" aria-labelledby="self-pay-title">
          <h2 id="self-pay-title" className="text-2xl font-bold tracking-tight">
            {payingPage.selfPay.title}
          </h2>
          <p className="mt-3 max-w-prose">{payingPage.selfPay.body}</p>
        </section>
        <section id="included" aria-labelledby="included-title">
          <h2 id="included-title" className="text-2xl font-bold tracking-tight">
            {payingPage.included.title}
          </h2>
          <dl className="mt-3 space-y-4">
            {payingPage.included.items.map((item) => (
              <div key={item.term}>
                <dt className="font-semibold">{item.term}</dt>
                <dd className="mt-1 text-muted">{item.detail}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-4">
            <Link to="/faq" className="tap-target inline-flex items-center font-semibold text-brand underline">
              More answers in the FAQ
            </Link>
          </p>
        </section>
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
