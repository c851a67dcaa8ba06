import { requireAccess, requireConfirmed } from "~/features/auth/access.server";
import { orderSteps } from "~/features/orders/fields";
import { parsePeriod } from "~/features/visits/periods";
import { reportCsvRows, visitReport } from "~/features/visits/report.server";
import { recordAudit } from "~/lib/audit.server";
import { csvDownload, toCsv } from "~/lib/csv";
import type { Route } from "./+types/admin.visits.export";

/**
 * The Visits page's figures as CSV: daily totals only, nothing about a person. Like every export
 * it asks for the second factor again (within five minutes) and is written to the audit log.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const staff = await requireAccess(request, "leads");
  const period = parsePeriod(new URL(request.url).searchParams.get("period"));
  requireConfirmed(request, staff, `/admin/visits?period=${period}`);
  const report = await visitReport(period, orderSteps);
  const [header, ...rows] = reportCsvRows(report);
  await recordAudit(staff, "exported", "visit_counts", null, `${report.from} to ${report.to} as CSV.`);
  return csvDownload(toCsv(header!, rows), `visits-${report.period}`);
}
