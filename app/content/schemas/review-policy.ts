/** The review policy (app/content/review-policy.ts), as the admin's form edits it. */
import { z } from "zod";
import { type ReviewDeclineReason, reviewDeclineReasons } from "#db/schema";
import { declineReasonLabels, verifiedMeaning } from "../review-labels";
import type { ReviewPolicySection } from "../review-policy";
import { line, markdown, paragraph, placeholderFields } from "./fields";

export const moderationTimeSchema = z
  .object({
    text: line(
      "Time to decide on a review",
      40,
      "Ends the sentence “We read new reviews on business days and decide within …”, for example two business days.",
    ),
    ...placeholderFields,
  })
  .meta({ title: "Review policy: time to decide on a review" });

const section = (title: string, description?: string) =>
  z
    .object({
      heading: line("Heading", 80),
      body: markdown("Text", 4_000, description),
    })
    .meta({ title });

const sections = {
  published: section("What we publish"),
  "not-published": section(
    "What we do not publish",
    "The reasons follow this text, each with what it means (written below, under Reasons).",
  ),
  "who-wrote-it": section("Reviews written with help"),
  verified: section("What Verified means", `Follows the paragraph the review cards agree with: “${verifiedMeaning}”`),
  replies: section("Our replies"),
  timing: section(
    "How long it takes",
    "Follows the promise written from the time to decide on a review (its own item): “We read new reviews on business days and decide within [that time]. Until then a review is counted as awaiting moderation.”",
  ),
  removal: section("Asking us to remove a review", "A link to the contact form and the phone number follow this text."),
} satisfies Record<ReviewPolicySection, z.ZodType>;

const reasons = Object.fromEntries(
  reviewDeclineReasons.map((reason) => [reason, paragraph(declineReasonLabels[reason], 1_000)]),
) as Record<ReviewDeclineReason, ReturnType<typeof paragraph>>;

export const reviewPolicySchema = z
  .object({
    intro: paragraph("Introduction", 800, "Under the page's title."),
    sections: z
      .object(sections)
      .meta({ title: "Sections", description: "Each section keeps its place and its anchor." }),
    reasons: z.object(reasons).meta({
      title: "Reasons",
      description:
        "What each reason a review is not published means, listed under “What we do not publish”. The reasons are the ones staff choose from.",
    }),
  })
  .meta({ title: "Review policy" });
