import { data } from "react-router";
import { requireStaffApi } from "~/features/auth/auth.server";
import { deleteTestimonial } from "~/features/testimonials/queries.server";
import { isRowId } from "~/lib/request.server";
import type { Route } from "./+types/api.admin.testimonial";

/** DELETE /api/admin/testimonials/{id} */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "DELETE") return data({ error: "Method not allowed" }, { status: 405 });
  const staff = await requireStaffApi(request);
  if (!isRowId(params.id) || !(await deleteTestimonial(staff, params.id))) return data({ error: "No such testimonial" }, { status: 404 });
  return data({ ok: true });
}
