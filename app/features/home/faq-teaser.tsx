import { FaqAccordion } from "~/components/content/faq-accordion";
import { LinkButton } from "~/components/ui/button";
import { Section } from "~/components/ui/page-header";
import { faqItems, faqTeaserIds } from "~/content/faq";

/** A few of the questions from the FAQ page, with the ways to the rest. */
export function FaqTeaser() {
  const teaser = faqTeaserIds.map((id) => faqItems.find((item) => item.id === id)).filter((item) => item !== undefined);
  return (
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
  );
}
