import { contactTopics } from "~/content/contact";
import { recordAudit } from "~/lib/audit.server";
import { dateReopenedLead, officeTime, replyDueView } from "~/lib/reply-promises.server";
import type { Staff } from "~/lib/staff";
import { countFailing, deliveriesOf, dropDeliveries, retryDeliveries, retryFailing } from "~/lib/outbox/queue.server";
import { monthsBefore } from "~/lib/format";
import { nudgeDeliveryWorker } from "~/lib/outbox/delivery.server";
import { db } from "~/lib/db.server";
import { log } from "~/lib/logger.server";
import { possibleSpamFilter, readMark, wantsMarked } from "~/lib/spam-mark";
import { moveToSpam } from "~/lib/spam.server";
import { countWaitingAndMarked } from "~/lib/spam-mark.server";

export interface InboxFilter {
  topic?: string;
  status?: "new" | "handled";
  /** Only messages marked as possible spam. */
  mark?: typeof possibleSpamFilter;
}

export function parseInboxFilter(params: URLSearchParams): InboxFilter {
  const topic = params.get("topic");
  const status = params.get("status");
  return {
    topic: contactTopics.some((t) => t.value === topic) ? (topic ?? undefined) : undefined,
    status: status === "new" || status === "handled" ? status : undefined,
    mark: wantsMarked(params) ? possibleSpamFilter : undefined,
  };
}

function filtered(filter: InboxFilter) {
  let query = db().selectFrom("contact_messages");
  if (filter.topic) query = query.where("topic", "=", filter.topic as never);
  if (filter.status) query = query.where("status", "=", filter.status);
  if (filter.mark) query = query.where("spam_signals", "is not", null);
  return query;
}

export const inboxPageSize = 50;

/** Newest first, with each message's delivery state summarised. */
export async function listMessages(filter: InboxFilter, page = 1, now = new Date()) {
  // What the list shows, and no more: the phone number, consent and answers stay on the message's
  // own page, whose opening is recorded in the audit log.
  const rows = await filtered(filter)
    .select([
      "id",
      "name",
      "email",
      "topic",
      "message",
      "received_at",
      "status",
      "spam_signals",
      "reply_due_at",
      "reply_late_at",
      "first_reply_at",
    ])
    .orderBy("received_at", "desc")
    .orderBy("id", "desc")
    .limit(inboxPageSize + 1)
    .offset((page - 1) * inboxPageSize)
    .execute();
  const ids = rows.slice(0, inboxPageSize).map((r) => r.id);
  const deliveries = await deliveriesOf(["contact"], ids);
  const counts = await db()
    .selectFrom("contact_messages")
    .select(["status", db().fn.countAll<number>().as("n")])
    .groupBy("status")
    .execute();
  return {
    messages: rows.slice(0, inboxPageSize).map((m) => ({
      ...m,
      due: replyDueView(m, now),
      answeredText: m.first_reply_at ? officeTime(m.first_reply_at) : null,
      mark: readMark(m.spam_signals),
      deliveries: deliveries
        .filter((d) => d.ref_id === m.id)
        .map((d) => ({ channel: d.channel, status: d.status, lastError: d.last_error })),
    })),
    hasMore: rows.length > inboxPageSize,
    failing: await countFailing(["contact"]),
    counts: {
      new: Number(counts.find((c) => c.status === "new")?.n ?? 0),
      handled: Number(counts.find((c) => c.status === "handled")?.n ?? 0),
    },
  };
}

export async function getMessage(id: string) {
  const message = await db().selectFrom("contact_messages").selectAll().where("id", "=", id).executeTakeFirst();
  if (!message) return undefined;
  const deliveries = await deliveriesOf(["contact"], [id]);
  return { message: { ...message, mark: readMark(message.spam_signals) }, deliveries };
}

/** Messages nobody has handled yet, and those of them marked as possible spam: the admin tabs show both. */
export async function countOpenMessages(): Promise<{ new: number; marked: number }> {
  const { waiting, marked } = await countWaitingAndMarked("contact_messages", (eb) => eb("status", "=", "new"));
  return { new: waiting, marked };
}

/**
 * "Move to Spam": the message leaves the inbox for the spam store with its fields as the form
 * sent them, so "Not spam" parses it again with the same schema; its deliveries not yet made are
 * dropped with it. False when it is already gone, or has been answered (then it is not spam).
 */
export function moveMessageToSpam(staff: Staff, id: string): Promise<boolean> {
  return moveToSpam(staff, "contact", "contact_message", id, async (trx) => {
    // An answered message is not spam: its thread would be lost, and "Not spam" would bring it back unanswered.
    const message = await trx
      .deleteFrom("contact_messages")
      .where("id", "=", id)
      .where("first_reply_at", "is", null)
      .returningAll()
      .executeTakeFirst();
    if (!message) return undefined;
    await dropDeliveries(trx, ["contact"], [id]);
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
    .set({ status, handled_at: status === "handled" ? new Date().toISOString() : null })
    .where("id", "=", id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  if (status === "new") await dateReopenedLead("message", id);
  await recordAudit(staff, status === "handled" ? "mark-handled" : "reopen", "contact_message", id);
  return true;
}

export async function deleteMessage(staff: Staff, id: string) {
  const deleted = await db()
    .transaction()
    .execute(async (trx) => {
      await dropDeliveries(trx, ["contact"], [id]);
      const result = await trx.deleteFrom("contact_messages").where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    });
  if (deleted) await recordAudit(staff, "delete", "contact_message", id);
  return deleted;
}

export async function retryMessageDelivery(staff: Staff, id: string) {
  await retryDeliveries("contact", id);
  await recordAudit(staff, "retry-delivery", "contact_message", id);
  nudgeDeliveryWorker();
}

/** Every failing delivery of a message, tried again at once; returns how many. */
export async function retryFailedMessageDeliveries(staff: Staff): Promise<number> {
  const count = await retryFailing(["contact"]);
  await recordAudit(staff, "retry-deliveries", "contact_message", null, `${count} failing deliveries queued again.`);
  nudgeDeliveryWorker();
  return count;
}

export async function exportMessages(filter: InboxFilter) {
  return filtered(filter).selectAll().orderBy("received_at", "desc").execute();
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
      await dropDeliveries(trx, ["contact"], old);
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
