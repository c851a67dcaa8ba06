import { FaqAccordion } from "~/components/content/faq-accordion";
import { MailIcon, PhoneIcon } from "~/components/layout/icons";
import { buttonClass } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";
import { faqItems } from "~/content/faq";
import { faqCallButton, faqCallSentence, faqPage } from "~/content/faq-page";
import { company } from "~/content/site";
import { crumbs, seo } from "~/lib/seo";
import { CallToAction } from "~/components/ui/call-to-action";
import type { Route } from "./+types/faq";
import { useSupportEmail } from "~/lib/support-email";

/** The accordion needs no React: an inline script gives it the same ARIA pattern (lib/accordions.ts). */

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Frequently Asked Questions",
    description: `Answers about the ${company.productName} cushion: how alternating pressure works, battery life, sizes, insurance, shipping, warranty and support.`,
    path: "/faq",
    keywords: ["SofTech FAQ", "alternating pressure cushion questions"],
    breadcrumbs: crumbs("FAQ", "/faq"),
    jsonLd: [
      {
        "@type": "FAQPage",
        mainEntity: faqItems.map((item) => ({
          "@type": "Question",
          name: item.question,
          acceptedAnswer: { "@type": "Answer", text: item.answer },
        })),
      },
    ],
  });

export default function Faq() {
  const email = useSupportEmail();
  return (
    <>
      <PageHeader eyebrow={faqPage.eyebrow} title={faqPage.title}>
        <p>{faqPage.intro}</p>
      </PageHeader>
      <div className="container-page max-w-4xl py-12">
        <FaqAccordion items={faqItems} group="faq" headingLevel={2} />
        <CallToAction
          id="faq-more"
          title={faqPage.cta.title}
          className="mt-12"
          actions={
            <>
              <a href={`mailto:${email}`} className={buttonClass("primary")}>
                <MailIcon />
                {faqPage.cta.email}
              </a>
              <a href={`tel:${company.phone.dial}`} className={buttonClass("secondary")}>
                <PhoneIcon />
                {faqCallButton()}
              </a>
            </>
          }
        >
          <p>{faqCallSentence()}</p>
        </CallToAction>
      </div>
    </>
  );
}
