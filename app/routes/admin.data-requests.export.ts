import { requireAccess, requireConfirmed } from "~/features/auth/access.server";
import { PersonalDataLookupSchema } from "~/lib/personal-data";
import { exportPersonalData } from "~/lib/personal-data.server";
import { personalDataSources } from "~/personal-data.server";
import type { Route } from "./+types/admin.data-requests.export";

/** Everything stored for one address, as a JSON file to send the person who asked for it. */
export async function loader({ request }: Route.LoaderArgs) {
  const staff = await requireAccess(request, "owner");
  const parsed = PersonalDataLookupSchema.safeParse({ email: new URL(request.url).searchParams.get("email") });
  if (!parsed.success) {
    return new Response("Give the email address to export as ?email=...\n", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  requireConfirmed(request, staff, `/admin/data-requests?email=${encodeURIComponent(parsed.data.email)}`);
  const now = new Date();
  const file = await exportPersonalData(staff, personalDataSources, parsed.data.email, now);
  return new Response(`${JSON.stringify(file, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="aquila-personal-data-${now.toISOString().slice(0, 10)}.json"`,
      "Cache-Control": "no-store",
    },
  });
}
