/**
 * The FAQ page's own words: its heading and the call that closes it, edited in the admin
 * (schemas/faq.ts). Apart from the questions (faq.ts), which the home page's teaser reads too, so
 * the home page's JavaScript carries the questions alone.
 */
import { company } from "~/content/site";
import { markerPieces } from "~/lib/markers";
import { defineContent } from "./live";

/** The FAQ page's own words: its heading and the call that closes it. */
export interface FaqPageText {
  /** The small line above the heading. */
  eyebrow: string;
  title: string;
  intro: string;
  cta: {
    title: string;
    /** With {hours} and {emailResponse} where the opening hours and the reply time for email go (`faqCallSentence`). */
    body: string;
    email: string;
    /** With {phone} where the number goes (`faqCallButton`). */
    call: string;
  };
}

export const faqPage = defineContent<FaqPageText>("faq-headings", {
  eyebrow: "FAQ",
  title: "Frequently Asked Questions",
  intro: "Everything people usually ask us before and after ordering. Choose a question to see its answer.",
  cta: {
    title: "Still have a question?",
    body: "We answer the phone {hours}, and reply to email within {emailResponse}.",
    email: "Email us",
    call: "Call {phone}",
  },
});

/** The closing call's sentence, with the opening hours and the reply time as the company facts say them now. */
export function faqCallSentence(): string[] {
  return markerPieces(faqPage.cta.body, { hours: company.hours.long, emailResponse: company.emailResponse });
}

/** The call button's words, with the phone number as the company facts say it now. */
export function faqCallButton(): string[] {
  return markerPieces(faqPage.cta.call, { phone: company.phone.display });
}
