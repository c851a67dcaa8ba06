/**
 * The Testimonials page: edit its heading, introduction, notice, the boxes beside the review form
 * and the words of the rating summary here. The short words about reviews (states, reasons, who
 * wrote one) are in review-labels.ts; the form's field labels stay with its schema.
 */
import { company } from "~/content/site";

export interface GuidanceBox {
  title: string;
  items: string[];
}

export const testimonialsPage = {
  title: "Testimonials & Reviews",
  breadcrumb: "Testimonials",
  keywords: ["SofTech reviews", "wheelchair cushion reviews"],
  intro: `What people who sit on the ${company.productName} cushion every day say about it, in their own words.`,
  filtersLabel: "Filter reviews",
  reviewsLabel: "Reviews",
  noReviews: "No testimonials found for the selected filter.",
  pagesLabel: "Review pages",
  newest: "Newest reviews",
  newer: "Newer reviews",
  older: "Older reviews",
  oldest: "Oldest reviews",
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

/** The boxes beside the review form, in order. */
export const reviewGuidance: GuidanceBox[] = [
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
];

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
