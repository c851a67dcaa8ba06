import { redirect } from "react-router";
import { clearSessionCookie, endSessions, getSession, sessionIdHash } from "~/features/auth/sessions.server";
import { recordAudit } from "~/lib/audit.server";
import type { Route } from "./+types/admin.logout";

export async function action({ request }: Route.ActionArgs) {
  const staff = await getSession(request);
  await endSessions({ session: sessionIdHash(request) });
  if (staff) await recordAudit(staff, "sign-out", "session", null);
  return redirect("/admin/login", { headers: { "Set-Cookie": clearSessionCookie() } });
}

export function loader() {
  return redirect("/admin/login");
}
