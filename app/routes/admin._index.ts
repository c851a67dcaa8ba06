import { redirect } from "react-router";
import { staffContext } from "~/features/auth/access.server";
import { can } from "~/lib/staff";
import type { Route } from "./+types/admin._index";

/** The admin opens on the person's work: the leads waiting for a reply, or for a moderator the reviews. */
export function loader({ context }: Route.LoaderArgs) {
  const staff = context.get(staffContext);
  return redirect(can(staff.role, "leads") ? "/admin/queue" : "/admin/testimonials");
}
