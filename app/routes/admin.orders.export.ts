import { requireAccess, requireConfirmed } from "~/features/auth/access.server";
import { recordAudit } from "~/lib/audit.server";
import { exportOrders, parseOrderFilter } from "~/features/orders/admin.server";
import { readableChoices } from "~/features/orders/labels";
import { choiceLabel, orderFieldLabels, relationshipChoices } from "~/features/orders/fields";
import { heardLabel } from "~/content/heard";
import { csvDownload, toCsv } from "~/lib/csv";
import type { Route } from "./+types/admin.orders.export";

/** Every stored field, with choices as the form's labels and lists joined by "; ". */
export async function loader({ request }: Route.LoaderArgs) {
  const staff = await requireAccess(request, "leads");
  requireConfirmed(request, staff, "/admin/orders");
  const rows = await exportOrders(parseOrderFilter(new URL(request.url).searchParams));
  const csv = toCsv(
    [
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
    rows.map((o) => {
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
    }),
  );
  const search = new URL(request.url).search;
  await recordAudit(
    staff,
    "exported",
    "order_requests",
    null,
    `${rows.length} rows as CSV${search ? ` (${search})` : ""}.`,
  );
  return csvDownload(csv, "orders");
}
