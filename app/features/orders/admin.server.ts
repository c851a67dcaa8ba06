import { type Selectable, sql } from "kysely";
import { type OrderRequestTable, type OrderStatus, orderStatuses } from "#db/schema";
import { dateReopenedLead, officeTime, replyDueView } from "~/lib/reply-promises.server";
import { parseJson } from "~/lib/json";
import { possibleSpamFilter, readMark, wantsMarked } from "~/lib/spam-mark";
import { moveToSpam } from "~/lib/spam.server";
import { countWaitingAndMarked } from "~/lib/spam-mark.server";
import { recordAudit } from "~/lib/audit.server";
import type { Staff } from "~/lib/staff";
import { db } from "~/lib/db.server";
import { log } from "~/lib/logger.server";
import { nudgeDeliveryWorker } from "~/lib/outbox/delivery.server";
import { countFailing, deliveriesOf, dropDeliveries, retryDeliveries, retryFailing } from "~/lib/outbox/queue.server";
import { monthsBefore } from "~/lib/format";
import { containing } from "~/lib/search";

/** The outbox kinds that deliver an order request: the staff notice and the requester's receipt. */
export const orderKinds = ["order", "order-receipt"] as const;

export interface OrderFilter {
  status?: OrderStatus;
  /** Part of a reference, name or email address. */
  q?: string;
  /** Only requests marked as possible spam. */
  mark?: typeof possibleSpamFilter;
}

export function parseOrderFilter(params: URLSearchParams): OrderFilter {
  const status = params.get("status");
  const q = params.get("q")?.replaceAll("\0", "").trim().slice(0, 100);
  return {
    status: orderStatuses.find((s) => s === status),
    q: q || undefined,
    mark: wantsMarked(params) ? possibleSpamFilter : undefined,
  };
}

function filtered(filter: OrderFilter) {
  let query = db().selectFrom("order_requests");
  if (filter.status) query = query.where("status", "=", filter.status);
  if (filter.mark) query = query.where("spam_signals", "is not", null);
  if (filter.q) {
    const like = containing(filter.q.toLowerCase());
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(reference)`, "like", like),
        eb(sql`lower(first_name || ' ' || last_name)`, "like", like),
        eb(sql`lower(email)`, "like", like),
      ]),
    );
  }
  return query;
}

export const ordersPageSize = 50;

/**
 * Newest first, with each request's deliveries (to staff and the receipt) summarised: the columns
 * the list shows, never the phone number or health details (those are on the request's own page,
 * whose opening is recorded in the audit log).
 */
export async function listOrders(filter: OrderFilter, page = 1, now = new Date()) {
  const rows = await filtered(filter)
    .select([
      "id",
      "reference",
      "first_name",
      "last_name",
      "email",
      "submitted_by_name",
      "country",
      "state",
      "received_at",
      "status",
      "status_changed_at",
      "spam_signals",
      "reply_due_at",
      "reply_late_at",
      "first_reply_at",
    ])
    .orderBy("received_at", "desc")
    .orderBy("id", "desc")
    .limit(ordersPageSize + 1)
    .offset((page - 1) * ordersPageSize)
    .execute();
  const ids = rows.slice(0, ordersPageSize).map((r) => r.id);
  const deliveries = await deliveriesOf(orderKinds, ids);
  return {
    orders: rows.slice(0, ordersPageSize).map((o) => ({
      ...o,
      due: replyDueView(o, now),
      answeredText: o.first_reply_at ? officeTime(o.first_reply_at) : null,
      mark: readMark(o.spam_signals),
      deliveries: deliveries
        .filter((d) => d.ref_id === o.id)
        .map((d) => ({ kind: d.kind, channel: d.channel, status: d.status, lastError: d.last_error })),
    })),
    hasMore: rows.length > ordersPageSize,
    counts: await countOrders(),
    failing: await countFailing(orderKinds),
  };
}

/** How many requests are in each status, whatever the filter. */
export async function countOrders(): Promise<Record<OrderStatus, number>> {
  const counts = await db()
    .selectFrom("order_requests")
    .select(["status", db().fn.countAll<number>().as("n")])
    .groupBy("status")
    .execute();
  return {
    new: Number(counts.find((c) => c.status === "new")?.n ?? 0),
    contacted: Number(counts.find((c) => c.status === "contacted")?.n ?? 0),
    closed: Number(counts.find((c) => c.status === "closed")?.n ?? 0),
  };
}

/** Requests nobody has contacted yet, and those of them marked as possible spam: the admin tabs show both. */
export async function countNewOrders(): Promise<{ new: number; marked: number }> {
  const { waiting, marked } = await countWaitingAndMarked("order_requests", (eb) => eb("status", "=", "new"));
  return { new: waiting, marked };
}

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

export async function getOrder(id: string) {
  const order = await db().selectFrom("order_requests").selectAll().where("id", "=", id).executeTakeFirst();
  if (!order) return undefined;
  const deliveries = await deliveriesOf(orderKinds, [id]);
  return { order: { ...order, mark: readMark(order.spam_signals) }, deliveries };
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
    .set({ status, status_changed_at: now.toISOString() })
    .where("id", "=", id)
    .where("status", "!=", status)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  if (status === "new") await dateReopenedLead("order", id);
  await recordAudit(staff, `order-status:${status}`, "order_request", id);
  return true;
}

export async function deleteOrder(staff: Staff, id: string) {
  const deleted = await db()
    .transaction()
    .execute(async (trx) => {
      await dropDeliveries(trx, orderKinds, [id]);
      const result = await trx.deleteFrom("order_requests").where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    });
  if (deleted) await recordAudit(staff, "delete", "order_request", id);
  return deleted;
}

export async function retryOrderDelivery(staff: Staff, id: string) {
  await retryDeliveries(orderKinds, id);
  await recordAudit(staff, "retry-delivery", "order_request", id);
  nudgeDeliveryWorker();
}

/** Every failing delivery of an order request (to staff or the order receipt), tried again at once; returns how many. */
export async function retryFailedOrderDeliveries(staff: Staff): Promise<number> {
  const count = await retryFailing(orderKinds);
  await recordAudit(staff, "retry-deliveries", "order_request", null, `${count} failing deliveries queued again.`);
  nudgeDeliveryWorker();
  return count;
}

export async function exportOrders(filter: OrderFilter) {
  return filtered(filter).selectAll().orderBy("received_at", "desc").orderBy("id", "desc").execute();
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
