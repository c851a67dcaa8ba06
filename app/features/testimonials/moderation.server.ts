import type { Staff } from "~/features/auth/auth.server";
import { deleteTestimonial, setApproved, setVerified } from "./queries.server";
import { type ModerationIntent, ModerationSchema } from "./schema";

export type ModerationResult = { ok: true; intent: ModerationIntent } | { ok: false; status: 400 | 404; intent?: ModerationIntent; error: string };

/**
 * The one moderation action. The admin page, the testimonials page's panel and the JSON API all
 * pass what they were sent through the same schema and the same steps.
 */
export async function moderateReview(staff: Staff, input: Record<string, unknown>): Promise<ModerationResult> {
  const parsed = ModerationSchema.safeParse(input);
  if (!parsed.success) {
    const unknownAction = parsed.error.issues.some((issue) => issue.path[0] === "intent");
    return unknownAction ? { ok: false, status: 400, error: "Unknown action" } : { ok: false, status: 404, error: "No such testimonial" };
  }
  const { intent, id } = parsed.data;
  const done = await apply(staff, intent, id);
  return done ? { ok: true, intent } : { ok: false, status: 404, intent, error: "No such testimonial" };
}

function apply(staff: Staff, intent: ModerationIntent, id: string): Promise<boolean> {
  switch (intent) {
    case "approve":
      return setApproved(staff, id, true);
    case "unpublish":
      return setApproved(staff, id, false);
    case "delete":
      return deleteTestimonial(staff, id);
    case "verify":
      return setVerified(staff, id, true);
    case "unverify":
      return setVerified(staff, id, false);
  }
}
