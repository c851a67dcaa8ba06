import { sql } from "kysely";
import { topicLabel } from "~/content/contact";
import { conversationsByLead } from "~/lib/lead-replies.server";
import type { PersonalDataSource } from "~/lib/personal-data.server";
import { purgeOldMessages } from "./inbox.server";
import { messageLeads } from "./lead.server";

/**
 * Contact messages, as stored personal data. Retention: a handled message is deleted
 * `messageMonths` after it arrived; one not yet handled is kept until someone has answered it.
 */
export const messagePersonalData: PersonalDataSource = {
  label: "messages",
  outboxKinds: messageLeads.outbox,

  async find(email, from) {
    const rows = await from
      .selectFrom("contact_messages")
      .selectAll()
      .where(sql`lower(email)`, "=", email)
      .orderBy("received_at", "desc")
      .orderBy("id", "desc")
      .execute();
    const conversations = await conversationsByLead(
      from,
      messageLeads,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({
      id: row.id,
      at: row.received_at,
      summary: `Message about ${topicLabel(row.topic)}, ${row.status}`,
      href: `/admin/messages/${row.id}`,
      data: { ...row, ...conversations.get(row.id) },
    }));
  },

  async erase(ids, trx) {
    const result = await trx.deleteFrom("contact_messages").where("id", "in", ids).executeTakeFirst();
    return Number(result.numDeletedRows);
  },

  purgeExpired: (config, now) => purgeOldMessages(config.retention.messageMonths, now),
};
