import type { Staff } from "~/lib/staff";
import { log } from "~/lib/logger.server";
import { fieldErrorsOf } from "~/lib/zod";
import { moderationOutcomes } from "./outcomes";
import { declineReview, deleteReview, publishReview, removeReply, setReply, setVerified } from "./store.server";
import { type ModerationIntent, moderationIntents } from "./fields";
import { type ModerationInput, ModerationSchema } from "./schema";

export type ModerationResult =
  | { ok: true; intent: ModerationIntent }
  | { ok: false; status: 400 | 404 | 503; intent?: ModerationIntent; error: string; errors?: Record<string, string> };

/**
 * The one moderation action. The admin page, the testimonials page's panel and the JSON API all
 * pass what they were sent through the same schema and the same steps. `reasonlessDelete` is for
 * `DELETE /api/admin/testimonials/{id}` (docs/requirements.md §5.3), whose body carries no reason; the ledger then
 * counts the review as deleted without a recorded reason.
 */
export async function moderateReview(
  staff: Staff,
  input: Record<string, unknown>,
  { reasonlessDelete = false } = {},
): Promise<ModerationResult> {
  const intent = moderationIntents.find((known) => known === input.intent);
  if (!intent) return { ok: false, status: 400, error: "Unknown action" };
  const parsed = ModerationSchema.safeParse(input);
  if (!parsed.success) {
    const errors = fieldErrorsOf(parsed.error);
    if (errors.id) return { ok: false, status: 404, intent, error: "No such testimonial" };
    return { ok: false, status: 400, intent, error: Object.values(errors)[0] ?? "Check the form", errors };
  }
  // Only the JSON DELETE of docs/requirements.md §5.3, which has no body fields, may delete without a reason.
  if (parsed.data.intent === "delete" && parsed.data.reason === null && !reasonlessDelete) {
    const errors = { reason: "Choose a reason from the list" };
    return { ok: false, status: 400, intent, error: errors.reason, errors };
  }
  let done: boolean;
  try {
    done = await apply(staff, parsed.data);
  } catch (error) {
    // Nothing was changed (each step is one transaction): the page says so in the words of
    // docs/requirements.md §4.1 ("Approval Failed ... Please try again"), not with an error page.
    log.error("moderation failed", { intent, id: parsed.data.id, error: String(error) });
    return { ok: false, status: 503, intent, error: moderationOutcomes[intent].failed.description };
  }
  return done ? { ok: true, intent } : { ok: false, status: 404, intent, error: "No such testimonial" };
}

function apply(staff: Staff, input: ModerationInput): Promise<boolean> {
  switch (input.intent) {
    case "publish":
      return publishReview(staff, input.id);
    case "decline":
      return declineReview(staff, input.id, input.reason, input.note);
    case "delete":
      return deleteReview(staff, input.id, input.reason);
    case "verify":
      return setVerified(staff, input.id, true);
    case "unverify":
      return setVerified(staff, input.id, false);
    case "reply":
      return setReply(staff, input.id, input.reply);
    case "remove-reply":
      return removeReply(staff, input.id);
  }
}
