import { requireAccess, requireConfirmed } from "~/features/auth/access.server";
import { exportLeadsCsv } from "~/features/leads/leads.server";
import { leadKinds } from "~/lead-kinds.server";
import type { Route } from "./+types/admin.orders.export";

/** Every stored field, with choices as the form's labels and lists joined by "; ". */
export async function loader({ request }: Route.LoaderArgs) {
  const staff = await requireAccess(request, "leads");
  requireConfirmed(request, staff, leadKinds.order.path);
  return exportLeadsCsv(staff, leadKinds.order, new URL(request.url));
}
