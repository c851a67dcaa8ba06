import { redirect } from "react-router";
import { staffContext } from "~/features/auth/access.server";
import { can } from "~/lib/staff";
import type { Route } from "./+types/admin._index";

/**
 * The admin opens on the person's work: the leads waiting for a reply, for a moderator the
 * reviews, for an editor the site's content. An owner holds all three and starts on the leads,
 * whose reply promises run by the hour.
 */
export function loader({ context }: Route.LoaderArgs) {
  const { role } = context.get(staffContext);
  if (can(role, "leads")) return redirect("/admin/queue");
  if (can(role, "reviews")) return redirect("/admin/testimonials");
  if (can(role, "content")) return redirect("/admin/content");
  // A role that holds none of these still has its own account, which every role may open.
  return redirect("/admin/account");
}
