import { contactDelivery } from "~/features/contact/delivery.server";
import { orderDelivery, orderReceiptDelivery } from "~/features/orders/delivery.server";
import { reviewDelivery } from "~/features/reviews/delivery.server";
import type { DeliveryKinds } from "~/lib/outbox/delivery.server";
import { digestDelivery } from "~/features/leads/digest.server";
import { replyDeliveryFor } from "~/features/leads/replies.server";
import { leadKinds } from "./lead-kinds.server";

/**
 * Every kind the outbox holds, with how it is delivered and cleaned up. Adding a kind to
 * `outboxKinds` (db/schema.ts) without a handler here is a compile error.
 */
export const deliveryKinds: DeliveryKinds = {
  message: contactDelivery,
  review: reviewDelivery,
  order: orderDelivery,
  "order-receipt": orderReceiptDelivery,
  reply: replyDeliveryFor(leadKinds),
  digest: digestDelivery,
};
