import { buttonClass, ExternalLink, LinkButton } from "~/components/ui/button";
import { StepList } from "~/components/ui/prose";
import { pagePaths } from "~/content/navigation";
import { PageHeader, Section } from "~/components/ui/page-header";
import { StackedTable } from "~/components/ui/stacked-table";
import { CushionInUse } from "~/components/content/illustrations";
import { TrustBand } from "~/components/content/trust-band";
import {
  activationModels,
  clinicalBenefits,
  howItWorks,
  productCallSentence,
  productHeadings,
  specifications,
  traditionalVsSoftech,
  type TraditionalVsSoftechRow,
} from "~/content/product";
import { productIntro } from "~/content/product-intro";
import { powerOptions } from "~/content/showcase";
import { company, regulatory } from "~/content/site";
import { getConfig } from "~/lib/config.server";
import { crumbs, productLd, seo, siteUrlFrom } from "~/lib/seo";
import { CallToAction } from "~/components/ui/call-to-action";
import { Photo } from "~/components/ui/photo";
import { shownPhoto } from "~/lib/uploads/uploads.server";
import type { Route } from "./+types/product";

export function loader() {
  return {
    orderFormUrl: getConfig().orderFormUrl ?? null,
    // The photo an editor chose in place of the drawing (read from memory: the page is prerendered).
    photo: shownPhoto(productIntro.photo),
  };
}

// Plain HTML does everything here; no JavaScript bundle is loaded (`hydrate: false` in app/route-manifest.ts).

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: `The ${company.productName} System`,
    description: `How the ${company.productName} alternating-pressure cushion works: air cells that shift pressure about every 60 seconds, three firmness settings, any size, 24-30 hour battery.`,
    path: "/product",
    type: "product",
    keywords: ["SofTech system", "alternating pressure air cushion specifications"],
    breadcrumbs: crumbs("Product", "/product"),
    // Prerendered, so no rating can be computed here, and the page shows no reviews: the product is
    // described without rating claims; /testimonials rates it under the same @id (decision 009).
    jsonLd: [productLd(siteUrlFrom(matches))],
  });

export default function Product({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        eyebrow={regulatory.clearances.join(" · ")}
        title={productIntro.heading}
        media={
          loaderData.photo ? (
            <Photo
              photo={loaderData.photo}
              sizes="(min-width: 768px) 40vw, 100vw"
              className="h-auto w-full rounded-xl"
              eager
            />
          ) : (
            <CushionInUse label={productIntro.picture} />
          )
        }
      >
        {productIntro.body.map((paragraph, index) => (
          <p key={index} className="mt-3 first:mt-0">
            {paragraph}
          </p>
        ))}
      </PageHeader>

      <TrustBand />

      <Section id="benefits" title={productHeadings.benefits.title}>
        {/* The first benefit spans two columns at every width that has two or three, so five
            benefits fill their rows with no hole (2 + 3 on desktop, 1 + 2 + 2 on a tablet). */}
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {clinicalBenefits.map((benefit, index) => (
            <li
              key={benefit.title}
              className={`rounded-xl border border-line bg-surface p-6 ${index === 0 && clinicalBenefits.length % 2 === 1 ? "md:col-span-2 md:bg-brand-soft" : ""}`}
            >
              <h3 className="text-subheading font-bold">{benefit.title}</h3>
              <p className="mt-2 text-muted">{benefit.body}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="traditional-vs-softech" title={productHeadings.comparison.title} tone="band">
        <StackedTable<TraditionalVsSoftechRow>
          caption={productHeadings.comparison.caption}
          className="overflow-hidden rounded-xl border border-line bg-surface"
          rows={traditionalVsSoftech}
          rowKey={(row) => row.aspect}
          columns={[
            { header: productHeadings.comparison.aspect, rowHeader: true, cell: (row) => row.aspect },
            {
              header: productHeadings.comparison.traditional,
              cell: (row) => row.traditional,
              className: "text-muted",
            },
            { header: company.productName, cell: (row) => row.softech },
          ]}
        />
      </Section>

      <Section id="models" title={productHeadings.models.title}>
        <ul className="grid gap-6 md:grid-cols-2">
          {activationModels.map((model) => {
            const image = powerOptions[model.id].images[1];
            return (
              <li key={model.id} className="overflow-hidden rounded-xl border border-line bg-surface">
                {image ? (
                  <img
                    src={image.src}
                    alt={image.alt}
                    width={image.width}
                    height={image.height}
                    loading="lazy"
                    className="h-auto w-full"
                  />
                ) : null}
                <div className="p-6">
                  <h3 className="text-subheading font-bold">{model.name}</h3>
                  <p className="mt-2">{model.description}</p>
                  <p className="mt-2 text-muted">
                    <strong className="text-ink">{productHeadings.models.bestFor}</strong> {model.bestFor}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      </Section>

      <Section id="specifications" title={productHeadings.specifications.title} tone="band">
        <dl className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-5">
          {specifications.map((spec) => (
            <div key={spec.label} className="rounded-xl border border-line bg-canvas p-4">
              <dt className="text-small text-muted">{spec.label}</dt>
              <dd className="mt-1 text-subheading font-bold">{spec.value}</dd>
            </div>
          ))}
        </dl>
      </Section>

      <Section id="how-it-works" title={productHeadings.steps.title}>
        <StepList steps={howItWorks} className="grid gap-6 md:grid-cols-2 lg:grid-cols-4" />
      </Section>

      <div className="container-page py-12">
        <CallToAction
          id="product-cta"
          title={productHeadings.cta.title}
          actions={
            <>
              {loaderData.orderFormUrl ? (
                <ExternalLink href={loaderData.orderFormUrl} className={buttonClass("primary")}>
                  {productHeadings.cta.orderForm}
                </ExternalLink>
              ) : (
                <LinkButton to="/order">{productHeadings.cta.order}</LinkButton>
              )}
              <LinkButton to={pagePaths.paying} variant="secondary">
                {productHeadings.cta.paying}
              </LinkButton>
              <LinkButton to="/user-manuals" variant="secondary">
                {productHeadings.cta.manuals}
              </LinkButton>
              <LinkButton to="/contact" variant="secondary">
                {productHeadings.cta.contact}
              </LinkButton>
            </>
          }
        >
          <p>{productCallSentence()}</p>
        </CallToAction>
      </div>
    </>
  );
}
