import { Link } from "react-router";
import { FaqAccordion } from "~/components/content/faq-accordion";
import {
  BatteryLife,
  BuiltToFit,
  CellsCycle,
  MoistureControlUnit,
  TwoControllers,
} from "~/components/content/illustrations";
import { KeyFigures } from "~/components/content/key-figures";
import { TrustBand } from "~/components/content/trust-band";
import { MediaRow } from "~/components/ui/media-row";
import { LinkButton } from "~/components/ui/button";
import { TableScroll } from "~/components/ui/table-scroll";
import { Section } from "~/components/ui/page-header";
import { comparisonRows } from "~/content/comparison";
import { faqItems, faqTeaserIds } from "~/content/faq";
import {
  alternation,
  clinicalEvidence,
  finalCallToAction,
  hero,
  lifeStories,
  technologyCards,
  type TechnologyPicture,
} from "~/content/home";
import { company, heroClaims } from "~/content/site";
import { Showcase } from "~/features/home/showcase";
import { ReviewCarousel } from "~/features/reviews/review-carousel";
import { listRecentPublishedReviews } from "~/features/reviews/list.server";
import { organizationLd, seo, siteUrlFrom } from "~/lib/seo";
import type { Route } from "./+types/home";

export async function loader() {
  return { reviews: await listRecentPublishedReviews(9) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Alternating-Pressure Wheelchair Cushion",
    description:
      "The SofTech alternating-pressure air cushion shifts pressure about every 60 seconds to help prevent and heal pressure sores. Custom-built, FDA-cleared.",
    path: "/",
    type: "website",
    jsonLd: [organizationLd(siteUrlFrom(matches))],
  });

const teaser = faqTeaserIds.map((id) => faqItems.find((item) => item.id === id)).filter((item) => item !== undefined);

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section
        aria-labelledby="hero-title"
        className="container-page grid items-center gap-10 py-12 md:grid-cols-2 md:py-20"
      >
        <div>
          <p className="font-semibold text-brand">{company.tagline}</p>
          <h1 id="hero-title" className="mt-3 text-display font-bold">
            {hero.headline}
          </h1>
          <p className="mt-6 max-w-prose text-lead text-muted">
            The {company.productName} cushion redistributes pressure for you: its air cells inflate and deflate in turn,
            about every 60 seconds, so no part of your body carries the load for long.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <LinkButton to="/product">{hero.primaryAction}</LinkButton>
            <a
              href="#comparison"
              className="inline-flex tap-target items-center rounded-md border-2 border-brand px-5 font-semibold text-brand hover:bg-brand-soft"
            >
              Compare Cushions
            </a>
          </div>
          <ul className="mt-8 grid grid-cols-1 gap-x-4 gap-y-2 min-[360px]:grid-cols-2">
            {heroClaims.map((claim) => (
              <li key={claim} className="flex items-center gap-2">
                <span aria-hidden="true" className="text-success">
                  ✓
                </span>
                {claim}
              </li>
            ))}
          </ul>
        </div>
        <img
          src="/images/softech-hero.svg"
          alt="Illustration of the SofTech cushion on a wheelchair seat: rows of air cells, alternately inflated, connected by a hose to its small controller"
          width="640"
          height="480"
          fetchPriority="high"
          className="h-auto w-full rounded-2xl"
        />
      </section>

      <TrustBand />

      <Section id="alternation" title={alternation.heading} tone="brand">
        <MediaRow
          media={
            <CellsCycle
              label={alternation.picture}
              caption={alternation.caption}
              motionCaption={alternation.motionCaption}
              pauseLabel={alternation.pause}
            />
          }
        >
          {alternation.body.map((paragraph) => (
            <p key={paragraph} className="mt-4 max-w-prose text-lead first:mt-0">
              {paragraph}
            </p>
          ))}
        </MediaRow>
      </Section>

      <Showcase />

      <Section id="figures" title={`${company.productName} in numbers`} tone="band">
        <KeyFigures />
      </Section>

      <Section id="life-stories" title="Made for real days">
        <ul className="grid gap-10 md:grid-cols-3 md:gap-8">
          {lifeStories.map((story) => (
            <li key={story.id} className="border-l-4 border-accent pl-5">
              <h3 className="text-subheading font-bold">{story.title}</h3>
              <p className="mt-2 text-muted">{story.situation}</p>
              <p className="mt-3">{story.howItHelps}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="comparison"
        title="Dynamic vs static cushions"
        intro={`A static foam or gel cushion holds the same shape all day. The ${company.productName} dynamic cushion keeps moving the pressure.`}
      >
        <TableScroll label={`Dynamic vs static cushions, comparison table`}>
          <table className="w-full min-w-[32rem] border-collapse text-left">
            <caption className="sr-only">
              Features of a dynamic {company.productName} cushion compared with a static cushion
            </caption>
            <thead className="bg-surface-raised">
              <tr>
                <th scope="col" className="p-4">
                  Feature
                </th>
                <th scope="col" className="p-4 text-center">
                  Dynamic ({company.productName})
                </th>
                <th scope="col" className="p-4 text-center">
                  Static cushion
                </th>
              </tr>
            </thead>
            <tbody>
              {comparisonRows.map((row) => (
                <tr key={row.feature} className="border-t border-line bg-surface">
                  <th scope="row" className="p-4 font-medium">
                    {row.feature}
                  </th>
                  <td className="p-4 text-center">
                    <span aria-hidden="true" className="text-icon text-success">
                      ✓
                    </span>
                    <span className="sr-only">Yes</span>
                  </td>
                  <td className="p-4 text-center">
                    <span aria-hidden="true" className="text-icon text-danger">
                      ✗
                    </span>
                    <span className="sr-only">No</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </Section>

      <Section id="technology" title="The technology inside" tone="band">
        <div className="space-y-14 md:space-y-20">
          {technologyCards.map((card, index) => (
            <MediaRow key={card.id} flip={index % 2 === 1} media={<TechnologyDrawing picture={card.picture} />}>
              <h3 className="text-subheading font-bold">{card.title}</h3>
              <p className="mt-3 max-w-prose text-lead text-muted">{card.body}</p>
            </MediaRow>
          ))}
        </div>
      </Section>

      <Section id="evidence" title={clinicalEvidence.heading} intro={clinicalEvidence.intro}>
        <ul className="grid gap-x-10 gap-y-4 md:grid-cols-2">
          {clinicalEvidence.points.map((point) => (
            <li key={point} className="flex gap-3 border-b border-line pb-4">
              <span aria-hidden="true" className="font-bold text-success">
                ✓
              </span>
              {point}
            </li>
          ))}
        </ul>
        {clinicalEvidence.link ? (
          <p className="mt-6">
            <Link
              to={clinicalEvidence.link.href}
              className="inline-flex tap-target items-center font-semibold text-brand underline"
            >
              {clinicalEvidence.link.label}
            </Link>
          </p>
        ) : null}
      </Section>

      <ReviewCarousel reviews={loaderData.reviews} />

      <Section id="faq-teaser" title="Questions people ask">
        <FaqAccordion items={teaser} group="faq-teaser" />
        <p className="mt-6 flex flex-wrap gap-3">
          <LinkButton to="/faq" variant="secondary">
            See all questions
          </LinkButton>
          <LinkButton to="/contact" variant="quiet">
            Contact us
          </LinkButton>
        </p>
      </Section>

      <section aria-labelledby="final-cta" className="on-brand bg-brand text-brand-ink">
        <div className="container-page py-16 md:py-24">
          <h2 id="final-cta" className="max-w-[22ch] text-title font-bold">
            {finalCallToAction.heading}
          </h2>
          <p className="mt-4 max-w-prose text-lead">{finalCallToAction.body}</p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link
              to="/order"
              className="inline-flex tap-target items-center rounded-md bg-brand-ink px-5 font-semibold text-brand hover:opacity-90"
            >
              Request an Order
            </Link>
            <Link
              to="/contact#contact-form"
              className="inline-flex tap-target items-center rounded-md border-2 border-brand-ink px-5 font-semibold hover:opacity-90"
            >
              Send us a message
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}

/** A technology row's picture, drawn in the theme's colours so it belongs to the light and the dark page alike. */
function TechnologyDrawing({ picture }: { picture: TechnologyPicture }) {
  switch (picture.drawing) {
    case "two-controllers":
      return <TwoControllers label={picture.alt} words={picture.words} />;
    case "moisture-unit":
      return <MoistureControlUnit label={picture.alt} words={picture.words} />;
    case "battery":
      return <BatteryLife label={picture.alt} words={picture.words} />;
    case "built-to-fit":
      return <BuiltToFit label={picture.alt} words={picture.words} />;
  }
}
