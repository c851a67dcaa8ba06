import { redirect } from "react-router";
import { staffContext } from "~/features/auth/auth.server";
import { can } from "~/lib/staff";
import type { Route } from "./+types/admin._index";

/** The admin opens on the first list the person's role works on: leads' messages, a moderator's reviews. */
export function loader({ context }: Route.LoaderArgs) {
  const staff = context.get(staffContext);
  return redirect(can(staff.role, "reviews") ? "/admin/testimonials" : "/admin/messages");
}
