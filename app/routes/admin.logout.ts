import { redirect } from "react-router";
import { clearSessionCookie, getSession, revokeSession } from "~/features/auth/auth.server";
import { recordAudit } from "~/lib/audit.server";
import type { Route } from "./+types/admin.logout";

export async function action({ request }: Route.ActionArgs) {
  const staff = await getSession(request);
  await revokeSession(request);
  if (staff) await recordAudit(staff, "sign-out", "session", null);
  return redirect("/admin/login", { headers: { "Set-Cookie": clearSessionCookie() } });
}

export function loader() {
  return redirect("/admin/login");
}
