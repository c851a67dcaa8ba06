import { data } from "react-router";
import { requireAccess } from "~/features/auth/access.server";
import { answerFile } from "~/features/leads/answers.server";
import { recordAudit } from "~/lib/audit.server";
import { isRowId } from "~/lib/request.server";
import type { Route } from "./+types/admin.answer-file";

/**
 * A file a visitor attached to an emailed answer, for staff to save: always a download, never
 * shown in the admin's own pages, whatever its type claims (a file from a mail can be anything).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const staff = await requireAccess(request, "leads");
  if (!isRowId(params.answer) || !isRowId(params.file)) throw data(null, { status: 404 });
  const file = await answerFile(params.answer, params.file);
  if (!file?.bytes) throw data(null, { status: 404 });
  await recordAudit(staff, "answer-file-downloaded", "lead_answer", params.answer, file.name);
  const name = file.name.replace(/["\\\r\n]/g, "_");
  return new Response(Buffer.from(file.bytes), {
    headers: {
      "Content-Type": "application/octet-stream",
      "Content-Disposition": `attachment; filename="${name.replace(/[^\x20-\x7e]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      "Content-Length": String(file.bytes.byteLength),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
