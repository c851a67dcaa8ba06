import { restoreMessage } from "~/features/contact/submit.server";
import { restoreOrder } from "~/features/orders/store.server";
import type { SpamRestorers } from "~/features/spam/moderation.server";
import { restoreReview } from "~/features/reviews/submit.server";

/**
 * How every kind the spam store holds goes back to its feature when staff answer "Not spam".
 * Composed here, outside the features, as deliveries.server.ts composes the outbox's kinds: spam
 * moderation is handed this list and imports none of them. Adding a kind to `spamKinds`
 * (db/schema.ts) without a restorer here is a compile error.
 */
export const spamRestorers: SpamRestorers = {
  review: restoreReview,
  message: restoreMessage,
  order: restoreOrder,
};
