import { FaqAccordion } from "~/components/content/faq-accordion";
import { LinkButton } from "~/components/ui/button";
import { Section } from "~/components/ui/page-header";
import { faqItems, faqTeaserIds } from "~/content/faq";
import { homeHeadings } from "~/content/home";

/** A few of the questions from the FAQ page, with the ways to the rest. */
export function FaqTeaser() {
  const teaser = faqTeaserIds.map((id) => faqItems.find((item) => item.id === id)).filter((item) => item !== undefined);
  return (
    <Section id="faq-teaser" title={homeHeadings.faq.title}>
      <FaqAccordion items={teaser} group="faq-teaser" />
      <p className="mt-6 flex flex-wrap gap-3">
        <LinkButton to="/faq" variant="secondary">
          {homeHeadings.faq.all}
        </LinkButton>
        <LinkButton to="/contact" variant="quiet">
          {homeHeadings.faq.contact}
        </LinkButton>
      </p>
    </Section>
  );
}
