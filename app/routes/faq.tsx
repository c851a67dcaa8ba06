import { FaqAccordion } from "~/components/content/faq-accordion";
import { MailIcon, PhoneIcon } from "~/components/layout/icons";
import { buttonClass } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";
import { faqItems } from "~/content/faq";
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
      <PageHeader eyebrow="FAQ" title="Frequently Asked Questions">
        <p>Everything people usually ask us before and after ordering. Choose a question to see its answer.</p>
      </PageHeader>
      <div className="container-page max-w-4xl py-12">
        <FaqAccordion items={faqItems} group="faq" headingLevel={2} />
        <CallToAction
          id="faq-more"
          title="Still have a question?"
          className="mt-12"
          actions={
            <>
              <a href={`mailto:${email}`} className={buttonClass("primary")}>
                <MailIcon />
                Email us
              </a>
              <a href={`tel:${company.phone.dial}`} className={buttonClass("secondary")}>
                <PhoneIcon />
                Call {company.phone.display}
              </a>
            </>
          }
        >
          <p>
            We answer the phone {company.hours.long}, and reply to email within {company.emailResponse}.
          </p>
        </CallToAction>
      </div>
    </>
  );
}
