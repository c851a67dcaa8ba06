import { randomUUID } from "node:crypto";
import { type Executor, inTransaction } from "~/lib/db.server";
import { replyDueColumns } from "~/lib/reply-promises.server";
import { log } from "~/lib/logger.server";
import { configuredChannels, queueDeliveries } from "~/lib/outbox/queue.server";
import { nudgeDeliveryWorker } from "~/lib/outbox/delivery.server";
import type { SpamReason } from "~/lib/forms";
import { markColumn } from "~/lib/spam-mark";
import { countStored } from "~/lib/visits/stored.server";
import { messageKind, messageLeads } from "./lead.server";
import type { ContactInput } from "./schema";

/**
 * Stores a message and queues its deliveries in one transaction. Once this returns, the message
 * is on disk (SQLite syncs every commit) and will reach staff even if every channel is down now.
 */
export async function storeContactMessage(
  input: ContactInput,
  now = new Date(),
  channels = configuredChannels(),
  within?: Executor,
  signals: readonly SpamReason[] = [],
): Promise<string> {
  const id = randomUUID();
  const at = now.toISOString();
  await inTransaction(within, async (trx) => {
    await trx
      .insertInto("contact_messages")
      .values({
        id,
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        topic: input.topic,
        message: input.message,
        consent: 1,
        consent_at: at,
        received_at: at,
        status: "new",
        handled_at: null,
        spam_signals: markColumn(signals),
        ...replyDueColumns(messageLeads, now),
        heard_from: input.heard ?? null,
      })
      .execute();
    await countStored(trx, messageKind, input.heard, now);
    await queueDeliveries(trx, messageKind, id, now, channels);
  });
  if (channels.length === 0) {
    log.info("contact message stored only: no SMTP or forward URL is configured", { id });
  }
  if (!within) nudgeDeliveryWorker();
  return id;
}
