import { data } from "react-router";
import { requireStaffApi } from "~/features/auth/access.server";
import { moderateReview } from "~/features/reviews/moderation.server";
import { methodNotAllowed } from "~/lib/request.server";
import type { Route } from "./+types/api.admin.testimonial-approve";

export const loader = methodNotAllowed("PATCH");

/** PATCH /api/admin/testimonials/{id}/approve */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "PATCH") return data({ error: "Method not allowed" }, { status: 405 });
  const staff = await requireStaffApi(request);
  const result = await moderateReview(staff, { intent: "publish", id: params.id });
  return result.ok ? data({ ok: true }) : data({ error: result.error }, { status: result.status });
}
