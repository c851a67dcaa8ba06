/**
 * The short words about reviews that cards, the ledger, the form and the admin show: kept apart
 * from the policy page's text (review-policy.ts), so the pages that hydrate carry only these.
 */
import { type ReviewDeclineReason, reviewDeclineReasons, type ReviewWriter } from "#db/schema";

export const reviewPolicyPath = "/review-policy";
export const reviewPolicyTitle = "How we moderate reviews";

/** Each reason a review is not published, as staff choose it and the ledger counts it. */
export const declineReasonLabels: Record<ReviewDeclineReason, string> = {
  "off-topic": "Not about the product",
  "someone-elses-information": "Personal or health information of someone else",
  offensive: "Offensive",
  duplicate: "Duplicate",
  spam: "Spam",
  "medical-claim": "A medical claim we cannot publish",
  "reviewer-request": "The writer asked us to remove it",
};

/** The reasons as choices for staff, in the list's order. */
export const reasonOptions = reviewDeclineReasons.map((value) => ({ value, label: declineReasonLabels[value] }));

/** Where a review stands, as the moderation page's tabs and badges name it. */
export const reviewStateLabels = { pending: "Pending", published: "Published", declined: "Not published" } as const;

/** What the ledger says about reviews deleted through the JSON API, which carries no reason. */
export const noReasonLabel = "Deleted without a recorded reason";

/** Who wrote a review: the choice on the form, and what the review card says (nothing for the user). */
export const reviewWriterLabels: Record<ReviewWriter, { choice: string; card: string | null }> = {
  self: { choice: "I use the cushion and wrote this myself", card: null },
  helped: { choice: "I use the cushion, and someone helped me write this", card: "Written with help" },
  caregiver: {
    choice: "A caregiver, on behalf of the person who uses it",
    card: "Written by a caregiver on behalf of the user",
  },
  family: {
    choice: "A family member, on behalf of the person who uses it",
    card: "Written by a family member on behalf of the user",
  },
  clinician: {
    choice: "A clinician, on behalf of the person who uses it",
    card: "Written by a clinician on behalf of the user",
  },
};

/**
 * The mark beside a confirmed customer's review, on the testimonials page and the home page alike
 * (the word a review's state is known by, as the states above are).
 */
export const verifiedLabel = "Verified";

/** What "Verified" means, said the same way on the review page, the policy and the admin. */
export const verifiedMeaning =
  "Verified means our team has confirmed the writer bought a cushion, for example from an order request sent with the same email address.";
