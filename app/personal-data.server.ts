import { messagePersonalData } from "~/features/contact/personal-data.server";
import { orderPersonalData } from "~/features/orders/personal-data.server";
import { reviewPersonalData } from "~/features/reviews/personal-data.server";
import type { PersonalDataSources } from "~/lib/personal-data.server";
import { spamPersonalData } from "~/lib/spam.server";

/**
 * Every kind of stored submission, with how to find it by email address, delete it and apply its
 * retention period. Composed here, outside the features, as deliveries.server.ts composes the
 * outbox's kinds: a data request (admin) and the daily purge (server) are handed this list.
 * Adding a kind to `personalDataKinds` (app/lib/personal-data.server.ts) without a source here is
 * a compile error.
 */
export const personalDataSources: PersonalDataSources = {
  reviews: reviewPersonalData,
  messages: messagePersonalData,
  orders: orderPersonalData,
  spam: spamPersonalData,
};
