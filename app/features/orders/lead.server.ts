import { type Selectable, sql } from "kysely";
import { type OrderRequestTable, orderStatuses } from "#db/schema";
import { heardLabel } from "~/content/heard";
import { orderRequestTemplate, responseFigureTexts } from "~/content/replies";
import { defineLeadKind, type LeadFilter } from "~/lib/lead-kind";
import { containing } from "~/lib/search";
import { choiceLabel, orderFieldLabels, relationshipChoices } from "./fields";
import { readableChoices } from "./labels";

export interface OrderFilter extends LeadFilter {
  /** Part of a reference, name or email address. */
  q?: string;
}

/** The outbox kinds that deliver an order request: the staff notice and the requester's receipt. */
export const orderKinds = ["order", "order-receipt"] as const;

/** An order request as the staff side reads it (app/lib/lead-kind.ts): the Orders list, its page and export. */
export const orderLeads = defineLeadKind<Selectable<OrderRequestTable>, OrderFilter>({
  kind: "order",
  label: "Order request",
  table: "order_requests",
  entity: "order_request",
  path: "/admin/orders",
  outbox: orderKinds,
  statuses: orderStatuses,
  reopened: (at) => ({ status: "new", status_changed_at: at }),
  // Never the phone number or health details: those are on the request's own page, whose opening is audited.
  listColumns: [
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
    "answer_due_at",
    "answer_late_at",
  ],
  parseFilter(params) {
    const q = params.get("q")?.replaceAll("\0", "").trim().slice(0, 100);
    return { q: q || undefined };
  },
  narrow(eb, filter) {
    if (!filter.q) return undefined;
    const like = containing(filter.q.toLowerCase());
    return eb.or([
      eb(sql`lower(reference)`, "like", like),
      eb(sql`lower(first_name || ' ' || last_name)`, "like", like),
      eb(sql`lower(email)`, "like", like),
    ]);
  },
  titleColumns: ["first_name", "last_name", "reference"],
  title: (o) => `${o.first_name} ${o.last_name} — order request ${o.reference}`,
  // The consultation call is due one business day after it arrives (the order page's "within 24
  // hours"), with no second day's grace.
  promise: { dueDays: 1, lateDays: 1 },
  figures: responseFigureTexts.order,
  replyColumn: "order_id",
  contactColumns: ["first_name", "last_name", "submitted_by_name", "email", "reference"],
  replyContact: (o) => ({
    email: o.email,
    // The contact details are those of whoever filled the form in: a caregiver's, if one did.
    name: o.submitted_by_name ?? `${o.first_name} ${o.last_name}`,
    template: orderRequestTemplate,
    reference: o.reference,
  }),
  exportName: "orders",
  // Every stored field, with choices as the form's labels and lists joined by "; ".
  exportHeaders: [
    "Reference",
    "Received",
    "Status",
    "Status changed",
    orderFieldLabels.firstName,
    orderFieldLabels.lastName,
    orderFieldLabels.email,
    orderFieldLabels.phone,
    "Filled in by",
    "Relationship",
    orderFieldLabels.country,
    orderFieldLabels.state,
    orderFieldLabels.zipCode,
    orderFieldLabels.wheelchairType,
    `${orderFieldLabels.seatWidth} (in)`,
    `${orderFieldLabels.seatDepth} (in)`,
    orderFieldLabels.currentCushion,
    orderFieldLabels.dailySittingHours,
    orderFieldLabels.discomfortAreas,
    orderFieldLabels.sensitivityLevel,
    orderFieldLabels.priorities,
    orderFieldLabels.padSize,
    orderFieldLabels.coverType,
    orderFieldLabels.controllerPlacement,
    orderFieldLabels.medicalNotes,
    orderFieldLabels.heard,
    "Privacy policy agreed",
    "Medical disclaimer acknowledged",
  ],
  exportRow(o) {
    const choices = readableChoices(o);
    return [
      o.reference,
      o.received_at,
      o.status,
      o.status_changed_at,
      o.first_name,
      o.last_name,
      o.email,
      o.phone,
      o.submitted_by_name,
      o.submitted_by_relationship ? choiceLabel(relationshipChoices, o.submitted_by_relationship) : null,
      o.country,
      o.state,
      o.zip_code,
      choices.wheelchairType,
      o.seat_width_in,
      o.seat_depth_in,
      o.current_cushion,
      choices.dailySittingHours,
      choices.discomfortAreas.join("; "),
      choices.sensitivityLevel,
      choices.priorities.join("; "),
      choices.padSize,
      choices.coverType,
      choices.controllerPlacement,
      o.medical_notes,
      o.heard_from ? heardLabel(o.heard_from) : null,
      o.privacy_consent_at,
      o.medical_disclaimer_at,
    ];
  },
});
