/**
 * The Testimonials page: its heading, introduction, the names of its filters and pages, its notice
 * and the share box are one content item, the boxes beside the review form another, edited in the
 * admin (schemas/testimonials.ts); what is written here is what a fresh site shows. The search
 * description, keywords and breadcrumb, the sentence screen readers hear with the number of
 * reviews shown, and the words of the rating summary stay here in the code: the sentences with a
 * count choose between one and many, which no item does. The short words about reviews (states,
 * reasons, who wrote one) are in review-labels.ts; the form's field labels stay with its schema.
 */
import { company } from "~/content/site";
import { defineContent } from "./live";

export interface TestimonialsPage {
  /** The page's heading, and its title in the browser's tab and in search results. */
  title: string;
  intro: string;
  /** What screen readers call the filters and the list of reviews. */
  filtersLabel: string;
  reviewsLabel: string;
  /** In place of the list when no published review matches the filter. */
  noReviews: string;
  /** The links to the pages of reviews around the one shown, and what screen readers call them. */
  pages: { label: string; newest: string; newer: string; older: string; oldest: string };
  /** The notice under the reviews: its name for screen readers, its lead-in in bold, its text. */
  notice: { label: string; lead: string; body: string };
  /** The box with the review form; `formTitle` heads the form in the page and names its dialog. */
  share: { title: string; intro: string; openDialog: string; formTitle: string };
}

export const testimonialsPage = defineContent<TestimonialsPage>("testimonials", () => ({
  title: "Testimonials & Reviews",
  intro: `What people who sit on the ${company.productName} cushion every day say about it, in their own words.`,
  filtersLabel: "Filter reviews",
  reviewsLabel: "Reviews",
  noReviews: "No testimonials found for the selected filter.",
  pages: {
    label: "Review pages",
    newest: "Newest reviews",
    newer: "Newer reviews",
    older: "Older reviews",
    oldest: "Oldest reviews",
  },
  notice: {
    label: "About these reviews",
    lead: "Individual results vary.",
    body: "Testimonials reflect the personal experiences of the people who wrote them and may not be representative of everyone's experience. They are not medical advice: talk to your clinician about your own care.",
  },
  share: {
    title: "Share Your Experience",
    intro: "Use the cushion? Your review helps others decide.",
    openDialog: "Write a review in a dialog",
    formTitle: "Submit Your Review",
  },
}));

/** What search engines and the breadcrumb read of the page, beside its title and description. */
export const testimonialsSearch = {
  breadcrumb: "Testimonials",
  keywords: ["SofTech reviews", "wheelchair cushion reviews"],
};

/** The meta description: with the counts once reviews are published. */
export function testimonialsDescription(ledger: { published: number; verified: number } | undefined): string {
  return ledger?.published
    ? `${ledger.published} published ${ledger.published === 1 ? "review" : "reviews"} of the ${company.productName} cushion, ${ledger.verified} from confirmed customers, with every rating counted: comfort, support, travel and everyday use.`
    : `Reviews of the ${company.productName} cushion: comfort, support, travel and everyday use.`;
}

/** What the screen reader hears once a list of reviews is shown. */
export function showingReviews(shown: number, total: number): string {
  return `Showing ${shown} of ${total} ${total === 1 ? "review" : "reviews"}.`;
}

/** A box beside the review form: a heading and its points. */
export interface GuidanceBox {
  title: string;
  items: string[];
}

/** The boxes beside the review form, in order. */
export const reviewGuidance = defineContent<GuidanceBox[]>("review-guidance", [
  {
    title: "Review Guidelines",
    items: [
      "Be honest about your experience",
      "Be specific about what helped",
      "Include details of your condition if you wish",
      "Be respectful",
      "All reviews are moderated before publication",
    ],
  },
  {
    title: "What Makes a Great Review?",
    items: [
      "Specific examples",
      "Before and after comparisons",
      "How long you have used it",
      "The impact on your daily life",
    ],
  },
  {
    title: "Privacy & Verification",
    items: [
      "Your email is used only for verification and is never published",
      "Our team may contact you about your review",
      "Your name and review are shown publicly once approved",
    ],
  },
]);

/** The rating summary above the reviews; the page fills in the figures. */
export const ledgerText = {
  averageTitle: "Average rating",
  outOf: "out of 10",
  publishedReviews: { one: "published review", many: "published reviews" },
  reviews: { one: "review", many: "reviews" },
  /** "5 of 14 reviews from confirmed customers.", with both figures already written out. */
  fromConfirmed: (verified: string, reviews: string) => `${verified} of ${reviews} from confirmed customers.`,
  byRating: "Published reviews by rating",
  ratingColumn: "Rating",
  countColumn: "Reviews",
  everyRatingCounts:
    "Every published review counts, whatever its rating; the filters below never change these figures.",
  receivedTitle: "Every review we received",
  counts: {
    received: "Received",
    published: "Published",
    pending: "Awaiting moderation",
    notPublished: "Not published",
  },
  reasonsTitle: "Why reviews were not published",
};
