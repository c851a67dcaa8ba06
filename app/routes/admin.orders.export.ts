import { requireStaffPage } from "~/features/auth/auth.server";
import { exportOrders, parseOrderFilter } from "~/features/orders/admin.server";
import { storedChoiceLabels } from "~/features/orders/labels";
import {
  choiceLabel,
  controllerPlacements,
  coverTypes,
  discomfortAreaChoices,
  orderFieldLabels,
  padSizeChoices,
  priorityChoices,
  relationshipChoices,
  sensitivityChoices,
  sittingHoursChoices,
  wheelchairTypes,
} from "~/features/orders/schema";
import { toCsv } from "~/lib/csv";
import type { Route } from "./+types/admin.orders.export";

/** Every stored field, with choices as the form's labels and lists joined by "; ". */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaffPage(request);
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
      "Privacy policy agreed",
      "Medical disclaimer acknowledged",
    ],
    rows.map((o) => [
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
      choiceLabel(wheelchairTypes, o.wheelchair_type),
      o.seat_width_in,
      o.seat_depth_in,
      o.current_cushion,
      choiceLabel(sittingHoursChoices, o.daily_sitting_hours),
      storedChoiceLabels(discomfortAreaChoices, o.discomfort_areas).join("; "),
      choiceLabel(sensitivityChoices, o.sensitivity_level),
      storedChoiceLabels(priorityChoices, o.priorities).join("; "),
      choiceLabel(padSizeChoices, o.pad_size),
      choiceLabel(coverTypes, o.cover_type),
      choiceLabel(controllerPlacements, o.controller_placement),
      o.medical_notes,
      o.privacy_consent_at,
      o.medical_disclaimer_at,
    ]),
  );
  const date = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="aquila-orders-${date}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
