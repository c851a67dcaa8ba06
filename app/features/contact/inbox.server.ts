/**
 * What staff do to a contact message that is a message's own: move it to spam, mark it handled
 * or new, and the purge past retention. The list, its page, export and deliveries are the leads
 * feature's, for every kind (app/features/leads/leads.server.ts).
 */
import { recordAudit } from "~/lib/audit.server";
import { dateReopenedLead } from "~/lib/reply-promises.server";
import type { Staff } from "~/lib/staff";
import { dropDeliveries } from "~/lib/outbox/queue.server";
import { monthsBefore } from "~/lib/format";
import { db } from "~/lib/db.server";
import { log } from "~/lib/logger.server";
import { messageKind, messageLeads } from "./lead.server";
import { readMark } from "~/lib/spam-mark";
import { moveToSpam } from "~/lib/spam.server";

/**
 * "Move to Spam": the message leaves the inbox for the spam store with its fields as the form
 * sent them, so "Not spam" parses it again with the same schema; its deliveries not yet made are
 * dropped with it. False when it is already gone, or has been answered (then it is not spam).
 */
export function moveMessageToSpam(staff: Staff, id: string): Promise<boolean> {
  return moveToSpam(staff, messageKind, messageLeads.entity, id, async (trx) => {
    // An answered message is not spam: its thread would be lost, and "Not spam" would bring it back unanswered.
    const message = await trx
      .deleteFrom("contact_messages")
      .where("id", "=", id)
      .where("first_reply_at", "is", null)
      .returningAll()
      .executeTakeFirst();
    if (!message) return undefined;
    await dropDeliveries(trx, messageLeads.outbox, [id]);
    const payload: Record<string, unknown> = {
      name: message.name,
      email: message.email,
      phone: message.phone,
      topic: message.topic,
      message: message.message,
      consent: "on",
      heard: message.heard_from,
    };
    return { payload, receivedAt: message.received_at, signals: readMark(message.spam_signals) };
  });
}

export async function setMessageStatus(staff: Staff, id: string, status: "new" | "handled") {
  const result = await db()
    .updateTable("contact_messages")
    .set({
      status,
      handled_at: status === "handled" ? new Date().toISOString() : null,
      // Handled: nothing waits on staff, whatever the visitor last wrote.
      ...(status === "handled" ? { answer_due_at: null, answer_late_at: null } : {}),
    })
    .where("id", "=", id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  if (status === "new") await dateReopenedLead(messageLeads, id);
  await recordAudit(staff, status === "handled" ? "mark-handled" : "reopen", "contact_message", id);
  return true;
}

/** Handled messages older than the retention period are deleted, with their delivery rows. */
export async function purgeOldMessages(retentionMonths: number, now = new Date()) {
  const cutoff = monthsBefore(now, retentionMonths);
  const old = db()
    .selectFrom("contact_messages")
    .select("id")
    .where("status", "=", "handled")
    .where("received_at", "<", cutoff);
  const removed = await db()
    .transaction()
    .execute(async (trx) => {
      await dropDeliveries(trx, messageLeads.outbox, old);
      const result = await trx
        .deleteFrom("contact_messages")
        .where("status", "=", "handled")
        .where("received_at", "<", cutoff)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    });
  if (removed) log.info("purged handled messages past retention", { removed, retentionMonths });
  return removed;
}
