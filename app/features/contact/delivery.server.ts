import { topicLabel } from "~/content/contact";
import { company } from "~/content/site";
import type { Config } from "~/lib/config.server";
import { db } from "~/lib/db.server";
import { type DeliveryKind, oneLine } from "~/lib/outbox/delivery.server";
import { purgeOldMessages } from "./inbox.server";

/** A contact message reaches staff by email (reply goes to the sender) and by the optional forward. */
export const contactDelivery: DeliveryKind = {
  async notice(refId: string, config: Config) {
    const message = await db().selectFrom("contact_messages").selectAll().where("id", "=", refId).executeTakeFirst();
    if (!message) return undefined;
    const topic = topicLabel(message.topic);
    return {
      subject: oneLine(`[${company.name} contact] ${topic} from ${message.name}`),
      replyTo: message.email,
      text: [
        `New message from the ${company.name} website.`,
        "",
        `Topic: ${topic}`,
        `Name: ${message.name}`,
        `Email: ${message.email}`,
        `Phone: ${message.phone ?? "(not given)"}`,
        `Received: ${message.received_at}`,
        "",
        message.message,
        "",
        `Open the inbox: ${config.siteUrl}/admin/messages/${message.id}`,
      ].join("\n"),
      json: {
        id: message.id,
        name: message.name,
        email: message.email,
        phone: message.phone,
        topic: message.topic,
        topicLabel: topic,
        message: message.message,
        consent: message.consent === 1,
        receivedAt: message.received_at,
      },
    };
  },
  forwardUrl: (config) => config.contactForwardUrl,
  purgeExpired: (config, now) => purgeOldMessages(config.messageRetentionMonths, now),
};
