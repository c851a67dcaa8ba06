import { data } from "react-router";
import { isConfirmed, requireStaffApi } from "~/features/auth/access.server";
import { moderateReview } from "~/features/reviews/moderation.server";
import { methodNotAllowed } from "~/lib/request.server";
import type { Route } from "./+types/api.admin.testimonial";

export const loader = methodNotAllowed("DELETE");

/** DELETE /api/admin/testimonials/{id} */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "DELETE") return data({ error: "Method not allowed" }, { status: 405 });
  const staff = await requireStaffApi(request);
  // Deleting cannot be undone (decision 024): a sign-in more than five minutes old signs in again first.
  if (!isConfirmed(staff))
    return data(
      { error: "Deleting needs a recent sign-in: sign in again (POST /api/admin/login), then delete." },
      { status: 403 },
    );
  const result = await moderateReview(staff, { intent: "delete", id: params.id }, { reasonlessDelete: true });
  return result.ok ? data({ ok: true }) : data({ error: result.error }, { status: result.status });
}
