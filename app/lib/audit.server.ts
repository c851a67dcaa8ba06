import { randomUUID } from "node:crypto";
import { db, type Executor } from "./db.server";
import type { Staff } from "./staff";

/** One line in the audit log; given a transaction, it commits or rolls back with the change it records. */
export async function recordAudit(
  staff: Staff,
  action: string,
  targetType: string,
  targetId: string | null,
  detail?: string,
  within?: Executor,
) {
  await (within ?? db())
    .insertInto("audit_log")
    .values({
      id: randomUUID(),
      account_id: staff.accountId,
      username: staff.username,
      action,
      target_type: targetType,
      target_id: targetId,
      detail: detail ?? null,
      at: new Date().toISOString(),
    })
    .execute();
}

/** The newest lines of the audit log, every staff action on every kind of record; narrowed to one account or action. */
export async function listAudit(limit = 25, filter: { username?: string; action?: string } = {}) {
  let query = db().selectFrom("audit_log").selectAll();
  if (filter.username) query = query.where("username", "=", filter.username);
  if (filter.action) query = query.where("action", "=", filter.action);
  return query.orderBy("at", "desc").limit(limit).execute();
}

/** The actions the log holds, for the audit page's filter. */
export async function auditActions(): Promise<string[]> {
  const rows = await db().selectFrom("audit_log").select("action").distinct().orderBy("action").execute();
  return rows.map((row) => row.action);
}
