import { type SpamKind, spamKinds } from "#db/schema";
import { recordAudit } from "~/lib/audit.server";
import type { Staff } from "~/lib/staff";
import { nudgeDeliveryWorker } from "~/lib/outbox/delivery.server";
import { db, type Executor } from "~/lib/db.server";
import { log } from "~/lib/logger.server";
import { takeSpam } from "~/lib/spam.server";
import { rowIdSchema, z } from "~/lib/zod";

/**
 * How one kind of held submission rejoins the normal path, inside the release's transaction:
 * the payload is parsed again with its form's schema and stored as received at `receivedAt`.
 * Returns the new record's id.
 */
export type SpamRestorer = (payload: Record<string, unknown>, receivedAt: Date, trx: Executor) => Promise<string>;

/**
 * One restorer for every kind the spam store can hold. Each lives in the feature that owns the
 * kind and is composed outside the features (app/spam-restorers.server.ts), so spam moderation
 * never imports them; the mapped type makes a kind without one a compile error there.
 */
export type SpamRestorers = { readonly [K in SpamKind]: SpamRestorer };

const auditTarget: Record<SpamKind, string> = {
  review: "testimonial",
  message: "contact_message",
  order: "order_request",
};

const SpamActionSchema = z.object({
  intent: z.enum(["release", "delete"], "Unknown action"),
  id: rowIdSchema("No such item"),
});

export type SpamActionResult =
  { ok: true; intent: "release" | "delete"; kind: SpamKind } | { ok: false; status: 400 | 404 | 409; error: string };

/**
 * Staff's two answers to a held submission. "Not spam" moves it, in one transaction, into
 * the normal path: a review waits for moderation, a message lands in the inbox with its delivery
 * queued. "Delete" removes it for good. Both are recorded in the audit log.
 */
export async function actOnSpam(
  staff: Staff,
  input: Record<string, unknown>,
  restorers: SpamRestorers,
  allowed: readonly SpamKind[] = spamKinds,
): Promise<SpamActionResult> {
  const parsed = SpamActionSchema.safeParse(input);
  if (!parsed.success) {
    const badIntent = parsed.error.issues.some((issue) => issue.path[0] === "intent");
    return badIntent
      ? { ok: false, status: 400, error: "Unknown action" }
      : { ok: false, status: 404, error: "That item is no longer in the spam folder." };
  }
  const { intent, id } = parsed.data;
  try {
    const kind = await db()
      .transaction()
      .execute(async (trx) => {
        // Another role's item is answered as one that is not there.
        const held = await trx.selectFrom("spam").select("kind").where("id", "=", id).executeTakeFirst();
        if (!held || !allowed.includes(held.kind)) return undefined;
        const item = await takeSpam(id, trx);
        if (!item) return undefined;
        if (intent === "release") await restorers[item.kind](item.payload, new Date(item.receivedAt), trx);
        return item.kind;
      });
    if (!kind) return { ok: false, status: 404, error: "That item is no longer in the spam folder." };
    if (intent === "release") nudgeDeliveryWorker();
    await recordAudit(staff, intent === "release" ? "release-from-spam" : "delete-spam", auditTarget[kind], id);
    return { ok: true, intent, kind };
  } catch (error) {
    // A payload the current schema no longer accepts (the form changed since it arrived) stays put.
    if (error instanceof z.ZodError)
      return { ok: false, status: 409, error: "This item no longer passes the form's checks; it can only be deleted." };
    log.error("spam action failed", { error, id, intent });
    throw error;
  }
}
