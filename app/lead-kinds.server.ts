import { messageLeads } from "~/features/contact/lead.server";
import { orderLeads } from "~/features/orders/lead.server";
import type { LeadKinds } from "~/lib/lead-kind";

/**
 * Every kind of lead the staff side serves (app/features/leads): the lists, their pages and
 * exports, today's work and the digest. Composed here, outside the features, as
 * deliveries.server.ts composes the outbox's kinds: the leads feature is handed this list and
 * imports none of them. A new kind is its own folder and one line here.
 */
export const leadKinds = {
  message: messageLeads,
  order: orderLeads,
} satisfies LeadKinds;
