import { company } from "~/content/site";
import type { Config } from "~/lib/config.server";
import { db } from "~/lib/db.server";
import { markNoticeLines } from "~/lib/spam-mark";
import {
  type DeliveryKind,
  linkOnlyNote,
  oneLine,
  quotedAnswers,
  quotedText,
  staffEmailText,
} from "~/lib/outbox/delivery.server";
import { reviewWriterLabels } from "~/content/review-labels";
import { flagReviewText } from "./flags";

/**
 * Staff hear of a new review waiting for moderation: who wrote it, what the moderation page will
 * highlight, and a link. With STAFF_EMAIL_CONTENT=full the email also quotes the review; the
 * optional forward always carries it.
 */
export const reviewDelivery: DeliveryKind = {
  async notice(refId: string, config: Config) {
    const review = await db().selectFrom("testimonials").selectAll().where("id", "=", refId).executeTakeFirst();
    if (!review) return undefined;
    // What the moderation page will highlight, named so staff know before they open it.
    const checks = flagReviewText(review.quote, review.context).summary.map((s) => s.label);
    const writer = reviewWriterLabels[review.written_by].card;
    const full = config.staffEmailContent === "full";
    const moderateUrl = `${config.siteUrl}/admin/testimonials`;
    return {
      subject: oneLine(
        `[${company.name} reviews] New review from ${review.name} awaits approval${checks.length ? " (check before publishing)" : ""}`,
      ),
      text: staffEmailText(
        [
          `A new review was submitted and is waiting for moderation.`,
          "",
          `Rating: ${review.rating} out of 10`,
          ...(writer ? [writer] : []),
          ...(checks.length ? [`Check before publishing: ${checks.join(", ")}`] : []),
          ...markNoticeLines(review.spam_signals),
          "",
          ...(full ? [`Moderate it: ${moderateUrl}`] : [`Read and moderate it: ${moderateUrl}`, "", linkOnlyNote]),
        ],
        [
          quotedAnswers("Who wrote, as they gave it:", [["Name", review.name]]),
          ...(full ? [quotedText("Their review, as they wrote it:", review.quote)] : []),
        ],
      ),
      json: {
        id: review.id,
        name: review.name,
        rating: review.rating,
        quote: review.quote,
        writtenBy: review.written_by,
        checks,
        createdAt: review.created_at,
      },
    };
  },
  forwardUrl: (config) => config.contactForwardUrl,
};
