import { KeyFigures } from "~/components/content/key-figures";
import { TrustBand } from "~/components/content/trust-band";
import { Section } from "~/components/ui/page-header";
import { homeHeadings } from "~/content/home";
import { Alternation } from "~/features/home/alternation";
import { Comparison } from "~/features/home/comparison";
import { Evidence } from "~/features/home/evidence";
import { FaqTeaser } from "~/features/home/faq-teaser";
import { FinalCallToAction } from "~/features/home/final-call";
import { Hero } from "~/features/home/hero";
import { LifeStories } from "~/features/home/life-stories";
import { Showcase } from "~/features/home/showcase";
import { Technology } from "~/features/home/technology";
import { ReviewCarousel } from "~/features/reviews/review-carousel";
import { listRecentPublishedReviews } from "~/features/reviews/list.server";
import { organizationLd, seo, siteUrlFrom } from "~/lib/seo";
import type { Route } from "./+types/home";

export async function loader() {
  return { reviews: await listRecentPublishedReviews(9) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: homeHeadings.search.title,
    description: homeHeadings.search.description,
    path: "/",
    type: "website",
    jsonLd: [organizationLd(siteUrlFrom(matches))],
  });

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Hero />
      <TrustBand />
      <Alternation />
      <Showcase />
      <Section id="figures" title={homeHeadings.figures.title} tone="band">
        <KeyFigures />
      </Section>
      <LifeStories />
      <Comparison />
      <Technology />
      <Evidence />
      <ReviewCarousel reviews={loaderData.reviews} />
      <FaqTeaser />
      <FinalCallToAction />
    </>
  );
}
