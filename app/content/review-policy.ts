/**
 * How reviews are moderated: the public policy page (/review-policy). Its wording is content,
 * edited in the admin (schemas/review-policy.ts); what is written here is what a fresh site shows.
 * The short labels are in review-labels.ts, and the list of reasons itself lives in db/schema.ts
 * (`reviewDeclineReasons`), so a new reason is a compile error here until it is explained.
 */
import type { ReviewDeclineReason } from "#db/schema";
import { verifiedMeaning } from "./review-labels";
import { defineContent } from "./live";
import { company, type Placeholder } from "./site";

/**
 * How long a new review waits at most, stated on the policy page: content, edited in the admin
 * (schemas/review-policy.ts), written into the policy when the page is drawn.
 */
export const moderationTime = defineContent<{ text: string } & Partial<Placeholder>>("moderation-time", {
  text: "two business days",
  placeholder: true,
  todo: "Confirm how long review moderation takes at most (the policy page promises it).",
});

/** The policy's sections, in the page's order, each named by its anchor on the page. */
export const reviewPolicySections = [
  "published",
  "not-published",
  "who-wrote-it",
  "verified",
  "replies",
  "timing",
  "removal",
] as const;

export type ReviewPolicySection = (typeof reviewPolicySections)[number];

export interface ReviewPolicy {
  /** Under the page's title. */
  intro: string;
  /** Each section's heading, and its text in Markdown (app/lib/markdown.server.ts). */
  sections: Record<ReviewPolicySection, { heading: string; body: string }>;
  /** What each reason a review is not published means, listed under "not-published". */
  reasons: Record<ReviewDeclineReason, string>;
}

/**
 * What the page writes at the start of a section, before the editor's text: what it quotes from
 * elsewhere, written when the page is drawn. The page also lists the reasons under
 * "not-published" and a way to reach us under "removal".
 */
export const sectionLeads = (): Partial<Record<ReviewPolicySection, string>> => ({
  verified: verifiedMeaning,
  timing: `We read new reviews on business days and decide within ${moderationTime.text}. Until then a review is counted as awaiting moderation.`,
});

/**
 * The policy's wording. The product's name is written into it as text, as in every other text an
 * editor publishes (docs/decisions/033-content-in-the-database.md).
 */
export const reviewPolicy = defineContent<ReviewPolicy>("review-policy", () => ({
  intro: `Every review of the ${company.productName} cushion is read by a member of our team before it is published. This page says what we publish, what we do not and why, and how to ask us to take a review down. The counts on the reviews page show how many reviews we received and what happened to each.`,
  sections: {
    published: {
      heading: "What we publish",
      body: [
        "We publish every review that is about the cushion or our service and is written by someone who uses it or helps the person who does, whatever its rating. A review of 1 out of 10 is published on the same terms as a review of 10 out of 10.",
        "Ratings never decide whether a review is published, and we do not hide or delay low ratings. The average on the reviews page is computed from every published review, and the bars beside it show how many reviews gave each rating.",
        "We publish a review as it was written. We do not correct, shorten or rewrite anyone's words. When a review cannot be published as it stands, we do not publish it and count it below, with its reason.",
      ].join("\n\n"),
    },
    "not-published": {
      heading: "What we do not publish, and why",
      body: "A review is not published, or is taken down, only for one of these reasons. Each one is counted on the reviews page.",
    },
    "who-wrote-it": {
      heading: "Reviews written with help or on someone's behalf",
      body: "Many people who use a wheelchair write with help, and caregivers, family members and clinicians often speak for the person they care for. The review form asks who is writing, and the published review says so, for example \u201cWritten by a caregiver on behalf of the user\u201d.",
    },
    verified: {
      heading: "What \u201cVerified\u201d means",
      body: "A review without the mark may still come from a customer: we mark only what we have checked. The reviews page says how many of the published reviews are verified.",
    },
    replies: {
      heading: "Our replies",
      body: "We may post one public reply under a review, marked as a reply from Aquila, for example to answer a question or to say what we did about a problem. A reply never changes the review it answers.",
    },
    timing: {
      heading: "How long it takes",
      body: "Reviews caught by our automatic spam checks are held apart until a person has looked at them; they are counted only once we have released them.",
    },
    removal: {
      heading: "Asking us to remove a review",
      body: "If you wrote a review and want it taken down, send us a message and tell us which review it is and the email address it was sent from; we take it down within the same time and count it as removed at the writer's request. If a review mentions you, tell us which one: we take it down and count it under personal or health information of someone else.",
    },
  },
  reasons: {
    "off-topic": `The review is about something other than the ${company.productName} cushion or our service, for example another product, a dealer's prices or a general opinion about health care.`,
    "someone-elses-information":
      "The review names another person together with their health, or gives a phone number, an email or a street address. We do not publish anyone's personal details, including the writer's own contact details.",
    offensive: "The review contains insults, threats, hate or sexual content, aimed at anyone.",
    duplicate: "The same person sent the same review more than once; we publish one of them.",
    spam: "The review is advertising, links to other sites, or was sent automatically rather than by a person.",
    "medical-claim": `The review says the cushion cured, healed, treated or prevented a condition, or describes using it in a way it is not made for. The ${company.productName} system is a Class II medical device: what we may say about it is limited to what it is cleared for, and a review we publish on our own site counts as something we say. We never change a reviewer's words to make a review publishable; we ask the writer whether they would like to send it again without the claim.`,
    "reviewer-request": "The person who wrote the review asked us not to publish it, or to take it down.",
  },
}));
