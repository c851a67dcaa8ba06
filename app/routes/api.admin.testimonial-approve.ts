import { data } from "react-router";
import { requireStaffApi } from "~/features/auth/auth.server";
import { setApproved } from "~/features/testimonials/queries.server";
import { isRowId } from "~/lib/request.server";
import type { Route } from "./+types/api.admin.testimonial-approve";

/** PATCH /api/admin/testimonials/{id}/approve */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "PATCH") return data({ error: "Method not allowed" }, { status: 405 });
  const staff = await requireStaffApi(request);
  if (!isRowId(params.id) || !(await setApproved(staff, params.id, true))) return data({ error: "No such testimonial" }, { status: 404 });
  return data({ ok: true });
}
