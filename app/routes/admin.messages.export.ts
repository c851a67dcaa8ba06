import { topicLabel } from "~/content/contact";
import { heardLabel, heardQuestion } from "~/content/heard";
import { requireAccess, requireConfirmed } from "~/features/auth/access.server";
import { recordAudit } from "~/lib/audit.server";
import { exportMessages, parseInboxFilter } from "~/features/contact/inbox.server";
import { csvDownload, toCsv } from "~/lib/csv";
import type { Route } from "./+types/admin.messages.export";

export async function loader({ request }: Route.LoaderArgs) {
  const staff = await requireAccess(request, "leads");
  requireConfirmed(request, staff, "/admin/messages");
  const rows = await exportMessages(parseInboxFilter(new URL(request.url).searchParams));
  const csv = toCsv(
    [
      "Received",
      "Name",
      "Email",
      "Phone",
      "Topic",
      "Message",
      heardQuestion.label,
      "Consent given",
      "Status",
      "Handled",
    ],
    rows.map((m) => [
      m.received_at,
      m.name,
      m.email,
      m.phone,
      topicLabel(m.topic),
      m.message,
      m.heard_from ? heardLabel(m.heard_from) : null,
      m.consent_at,
      m.status,
      m.handled_at,
    ]),
  );
  const search = new URL(request.url).search;
  await recordAudit(
    staff,
    "exported",
    "contact_messages",
    null,
    `${rows.length} rows as CSV${search ? ` (${search})` : ""}.`,
  );
  return csvDownload(csv, "messages");
}
