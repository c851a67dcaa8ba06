import { recordAudit } from "~/lib/audit.server";
import { db } from "~/lib/db.server";
import type { LeadColumns, LeadFilter, LeadKindDefinition } from "~/lib/lead-kind";
import { can, roleOf, type Staff } from "~/lib/staff";
import { leadsDb } from "./leads.server";

/**
 * Who handles a lead (docs/requirements.md §4.8): any enabled account whose role works on leads,
 * chosen on the lead's page, shown in today's work, and written to the audit log.
 */

export interface Assignee {
  id: string;
  username: string;
}

/** The people a lead can be given to: enabled owners and leads, by name. */
export async function assignees(): Promise<Assignee[]> {
  const rows = await db()
    .selectFrom("accounts")
    .select(["id", "username", "role"])
    .where("disabled_at", "is", null)
    .orderBy("username")
    .execute();
  return rows.filter((row) => can(roleOf(row.role), "leads")).map(({ id, username }) => ({ id, username }));
}

export type AssignResult = { ok: true; message: string } | { ok: false; status: 400 | 404; message: string };

/** Gives the lead to `accountId` ("" for nobody); the same person again changes nothing and writes nothing. */
export async function assignLead<Row extends LeadColumns, Filter extends LeadFilter>(
  by: Staff,
  kind: LeadKindDefinition<Row, Filter>,
  leadId: string,
  accountId: unknown,
): Promise<AssignResult> {
  if (typeof accountId !== "string") return { ok: false, status: 400, message: "Choose who handles it." };
  const person = accountId === "" ? null : (await assignees()).find((a) => a.id === accountId);
  if (person === undefined)
    return { ok: false, status: 400, message: "That person cannot handle leads: choose someone else." };
  const lead = await leadsDb()
    .selectFrom(kind.table)
    .select(["id", "assigned_to"])
    .where("id", "=", leadId)
    .executeTakeFirst();
  if (!lead) return { ok: false, status: 404, message: "That lead no longer exists." };
  const message = person ? `${person.username} handles it now.` : "No one handles it now.";
  if (lead.assigned_to === (person?.id ?? null)) return { ok: true, message };
  await leadsDb()
    .transaction()
    .execute(async (trx) => {
      await trx
        .updateTable(kind.table)
        .set({ assigned_to: person?.id ?? null })
        .where("id", "=", leadId)
        .execute();
      await recordAudit(by, "assigned", kind.entity, leadId, person ? `To ${person.username}.` : "To no one.", trx);
    });
  return { ok: true, message };
}
