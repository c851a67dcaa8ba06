import type { SpamReason } from "~/lib/forms";
import type { ReviewDeclineReason, ReviewWriter } from "#db/schema";
import type { FlaggedText } from "./flags";

/** A published review as pages show it: never the reviewer's email. */
export interface PublicReview {
  id: string;
  name: string;
  rating: number;
  quote: string;
  context: string | null;
  tags: string[];
  verified: boolean;
  createdAt: string;
  writtenBy: ReviewWriter;
  /** The company's public reply, if it posted one. */
  reply: { text: string; at: string } | null;
}

/** What became of every review received, and how the published ones rate (see getReviewLedger). */
export interface ReviewLedger {
  /** Mean of every published rating, to one decimal; 0 when there are none. */
  average: number;
  published: number;
  /** Published reviews staff have marked Verified (a confirmed purchase). */
  verified: number;
  /** Published reviews per rating, from 10 down to 1, every value present. */
  distribution: Array<{ rating: number; count: number }>;
  received: number;
  pending: number;
  notPublished: number;
  /** Why the others were not published (declined, unpublished or deleted); null: deleted without a reason. */
  reasons: Array<{ reason: ReviewDeclineReason | null; count: number }>;
}

/** Where a review stands: awaiting moderation, published, or not published (with a reason). */
export const reviewStates = ["pending", "published", "declined"] as const;
export type ReviewState = (typeof reviewStates)[number];

export interface ModeratedReview extends PublicReview {
  email: string;
  approved: boolean;
  approvedAt: string | null;
  state: ReviewState;
  declineReason: ReviewDeclineReason | null;
  declineNote: string | null;
  declinedAt: string | null;
  replyBy: string | null;
  /** The reasons it is marked as possible spam (none: not marked). */
  spamMark: SpamReason[];
  /** Its writer's answer to "How did you hear about us?" (null: none). */
  heard: string | null;
}

/** The average and count the structured data and the JSON API state, from the ledger. */
export function ratingSummary(ledger: ReviewLedger): { average: number; count: number } {
  return { average: ledger.average, count: ledger.published };
}

/** A review as the admin box on the reviews page lists it. */
export interface PanelReview {
  id: string;
  name: string;
  rating: number;
  quote: string;
}

/** A pending review, with what staff must check before publishing it. */
export interface PendingPanelReview extends PanelReview {
  flags: FlaggedText;
  /** The reasons it is marked as possible spam (none: not marked). */
  spamMark: SpamReason[];
}
