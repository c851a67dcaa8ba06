/**
 * What staff do to an order request that is its own: move it to spam, set its status, find the
 * requests of a reviewer, and the purge past retention. The list, its page, export and
 * deliveries are the leads feature's, for every kind (app/features/leads/leads.server.ts).
 */
import { type Selectable, sql } from "kysely";
import type { OrderRequestTable, OrderStatus } from "#db/schema";
import { dateReopenedLead } from "~/lib/reply-promises.server";
import { parseJson } from "~/lib/json";
import { readMark } from "~/lib/spam-mark";
import { moveToSpam } from "~/lib/spam.server";
import { recordAudit } from "~/lib/audit.server";
import type { Staff } from "~/lib/staff";
import { db } from "~/lib/db.server";
import { log } from "~/lib/logger.server";
import { dropDeliveries } from "~/lib/outbox/queue.server";
import { monthsBefore } from "~/lib/format";
import { orderKinds, orderLeads } from "./lead.server";

/**
 * Order requests sent from these addresses (compared case-insensitively), for staff checking
 * whether a reviewer is a customer: address → the requests' ids and references, newest first.
 */
export async function ordersByEmail(
  emails: readonly string[],
): Promise<Map<string, Array<{ id: string; reference: string }>>> {
  const wanted = [...new Set(emails.map((e) => e.toLowerCase()).filter(Boolean))];
  const found = new Map<string, Array<{ id: string; reference: string }>>();
  if (wanted.length === 0) return found;
  const rows = await db()
    .selectFrom("order_requests")
    .select(["id", "reference", sql<string>`lower(email)`.as("email")])
    .where(sql`lower(email)`, "in", wanted)
    .orderBy("received_at", "desc")
    .execute();
  for (const row of rows)
    found.set(row.email, [...(found.get(row.email) ?? []), { id: row.id, reference: row.reference }]);
  return found;
}

/**
 * "Move to Spam": the request leaves Orders for the spam store with its answers as the form sent
 * them and the reference its sender was shown, so "Not spam" restores it under that reference;
 * its deliveries not yet made (the staff notice, the receipt) are dropped with it.
 */
export function moveOrderToSpam(staff: Staff, id: string): Promise<boolean> {
  return moveToSpam(staff, "order", "order_request", id, async (trx) => {
    // An answered request is not spam: its thread would be lost, and "Not spam" would bring it back unanswered.
    const order = await trx
      .deleteFrom("order_requests")
      .where("id", "=", id)
      .where("first_reply_at", "is", null)
      .returningAll()
      .executeTakeFirst();
    if (!order) return undefined;
    await dropDeliveries(trx, orderKinds, [id]);
    return { payload: orderPayload(order), receivedAt: order.received_at, signals: readMark(order.spam_signals) };
  });
}

/** A stored request as the order form would send it (field names of docs/requirements.md §3.4), for the spam store. */
function orderPayload(order: Selectable<OrderRequestTable>): Record<string, unknown> {
  return {
    reference: order.reference,
    submittedBy: order.submitted_by_name ? "other" : "self",
    submitterName: order.submitted_by_name,
    submitterRelationship: order.submitted_by_relationship,
    firstName: order.first_name,
    lastName: order.last_name,
    email: order.email,
    phone: order.phone,
    country: order.country,
    state: order.state,
    zipCode: order.zip_code,
    wheelchairType: order.wheelchair_type,
    seatWidth: order.seat_width_in,
    seatDepth: order.seat_depth_in,
    currentCushion: order.current_cushion,
    dailySittingHours: order.daily_sitting_hours,
    discomfortAreas: parseJson<unknown>(order.discomfort_areas, []),
    sensitivityLevel: order.sensitivity_level,
    priorities: parseJson<unknown>(order.priorities, []),
    padSize: order.pad_size,
    coverType: order.cover_type,
    controllerPlacement: order.controller_placement,
    medicalNotes: order.medical_notes,
    heard: order.heard_from,
    privacyConsent: "on",
    medicalDisclaimer: "on",
  };
}

/** False when there is no such request, or it already has this status (nothing changed, nothing audited). */
export async function setOrderStatus(staff: Staff, id: string, status: OrderStatus, now = new Date()) {
  const result = await db()
    .updateTable("order_requests")
    .set({
      status,
      status_changed_at: now.toISOString(),
      // Contacted or closed: nothing waits on staff, whatever the visitor last wrote.
      ...(status === "new" ? {} : { answer_due_at: null, answer_late_at: null }),
    })
    .where("id", "=", id)
    .where("status", "!=", status)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  if (status === "new") await dateReopenedLead(orderLeads, id);
  await recordAudit(staff, `order-status:${status}`, "order_request", id);
  return true;
}

/**
 * Closed requests older than the retention period are deleted, with their delivery rows. New and
 * contacted ones are kept however old they are: someone is still to be (or being) served.
 */
export async function purgeOldOrders(retentionMonths: number, now = new Date()) {
  const cutoff = monthsBefore(now, retentionMonths);
  const old = db()
    .selectFrom("order_requests")
    .select("id")
    .where("status", "=", "closed")
    .where("received_at", "<", cutoff);
  const removed = await db()
    .transaction()
    .execute(async (trx) => {
      await dropDeliveries(trx, orderKinds, old);
      const result = await trx
        .deleteFrom("order_requests")
        .where("status", "=", "closed")
        .where("received_at", "<", cutoff)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    });
  if (removed) log.info("purged closed order requests past retention", { removed, retentionMonths });
  return removed;
}
