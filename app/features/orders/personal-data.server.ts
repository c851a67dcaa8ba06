import { sql } from "kysely";
import { parseJson } from "~/lib/json";
import { conversationsByLead } from "~/lib/lead-replies.server";
import type { PersonalDataSource } from "~/lib/personal-data.server";
import { purgeOldOrders } from "./admin.server";
import { orderKinds, orderLeads } from "./lead.server";

/**
 * Order requests, as stored personal data, with their fitting and health details. Retention: a
 * closed request is deleted `orderMonths` after it arrived; a new or contacted one is kept while
 * someone is still being served.
 */
export const orderPersonalData: PersonalDataSource = {
  label: "order requests",
  outboxKinds: orderKinds,

  async find(email, from) {
    const rows = await from
      .selectFrom("order_requests")
      .selectAll()
      .where(sql`lower(email)`, "=", email)
      .orderBy("received_at", "desc")
      .orderBy("id", "desc")
      .execute();
    const conversations = await conversationsByLead(
      from,
      orderLeads,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({
      id: row.id,
      at: row.received_at,
      summary: `Order request ${row.reference}, ${row.status}`,
      href: `/admin/orders/${row.id}`,
      data: {
        ...row,
        discomfort_areas: parseJson<unknown>(row.discomfort_areas, row.discomfort_areas),
        priorities: parseJson<unknown>(row.priorities, row.priorities),
        ...conversations.get(row.id),
      },
    }));
  },

  async erase(ids, trx) {
    const result = await trx.deleteFrom("order_requests").where("id", "in", ids).executeTakeFirst();
    return Number(result.numDeletedRows);
  },

  purgeExpired: (config, now) => purgeOldOrders(config.retention.orderMonths, now),
};
