import { topicLabel } from "~/content/contact";
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

/**
 * A contact message reaches staff by email and by the optional forward. The email names the sender
 * and links to the inbox; with STAFF_EMAIL_CONTENT=full it also carries the message and contact
 * details, and replies go to the sender. The forward always carries the message (.env.example and
 * /privacy say so).
 */
export const contactDelivery: DeliveryKind = {
  async notice(refId: string, config: Config) {
    const message = await db().selectFrom("contact_messages").selectAll().where("id", "=", refId).executeTakeFirst();
    if (!message) return undefined;
    const topic = topicLabel(message.topic);
    const inboxUrl = `${config.siteUrl}/admin/messages/${message.id}`;
    const full = config.staffEmailContent === "full";
    return {
      subject: oneLine(`[${company.name} contact] ${topic} from ${message.name}`),
      replyTo: full ? message.email : undefined,
      text: staffEmailText(
        [
          `New message from the ${company.name} website.`,
          "",
          `Topic: ${topic}`,
          `Received: ${message.received_at}`,
          ...markNoticeLines(message.spam_signals),
          "",
          ...(full
            ? [`Open the inbox: ${inboxUrl}`]
            : [`Read it and reply from the inbox: ${inboxUrl}`, "", linkOnlyNote]),
        ],
        [
          quotedAnswers("Who wrote, as they gave it:", [
            ["Name", message.name],
            ...(full
              ? ([
                  ["Email", message.email],
                  ["Phone", message.phone ?? "(not given)"],
                ] as const)
              : []),
          ]),
          ...(full ? [quotedText("Their message, as they wrote it:", message.message)] : []),
        ],
      ),
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
};
