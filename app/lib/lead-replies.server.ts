import { type Kysely, sql } from "kysely";
import type { Database } from "#db/schema";
import type { LeadKindDefinition } from "./lead-kind";

/**
 * The replies stored on leads (app/features/leads), as a data request's export shows them with
 * their message or order request: what was sent to the person or noted from a call, by whom and
 * when. Erasing a lead erases its replies with it (the foreign key, migration 0022). A kind's
 * replies are those its `replyColumn` points from.
 */
export async function repliesByLead(
  from: Kysely<Database>,
  kind: Pick<LeadKindDefinition, "replyColumn">,
  leadIds: readonly string[],
): Promise<Map<string, Array<Record<string, unknown>>>> {
  const byLead = new Map<string, Array<Record<string, unknown>>>();
  if (leadIds.length === 0) return byLead;
  const column = sql.ref<string | null>(`lead_replies.${kind.replyColumn}`);
  const rows = await from
    .selectFrom("lead_replies")
    .select([column.as("lead_id"), "kind", "outcome", "to_address", "subject", "body", "account_name", "created_at"])
    .where(column, "in", leadIds)
    .orderBy("created_at")
    .execute();
  for (const { lead_id: leadId, ...reply } of rows) {
    if (!leadId) continue;
    byLead.set(leadId, [...(byLead.get(leadId) ?? []), reply]);
  }
  return byLead;
}
