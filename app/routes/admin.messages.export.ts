import { requireAccess, requireConfirmed } from "~/features/auth/access.server";
import { exportLeadsCsv } from "~/features/leads/leads.server";
import { leadKinds } from "~/lead-kinds.server";
import type { Route } from "./+types/admin.messages.export";

export async function loader({ request }: Route.LoaderArgs) {
  const staff = await requireAccess(request, "leads");
  requireConfirmed(request, staff, leadKinds.message.path);
  return exportLeadsCsv(staff, leadKinds.message, new URL(request.url));
}
