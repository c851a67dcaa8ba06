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

/** The newest lines of the audit log, every staff action on every kind of record. */
export async function listAudit(limit = 25) {
  return db().selectFrom("audit_log").selectAll().orderBy("at", "desc").limit(limit).execute();
}
