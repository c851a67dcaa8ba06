import { data } from "react-router";
import { requireStaffApi } from "~/features/auth/access.server";
import { listAllReviews } from "~/features/reviews/moderation-store.server";
import { methodNotAllowed } from "~/lib/request.server";
import type { Route } from "./+types/api.admin.testimonials";

export const loader = methodNotAllowed("POST");

/** POST (docs/requirements.md §5.3; a `password` field is ignored): all reviews, pending first. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return data({ error: "Method not allowed" }, { status: 405 });
  await requireStaffApi(request);
  return data({ testimonials: await listAllReviews() });
}
