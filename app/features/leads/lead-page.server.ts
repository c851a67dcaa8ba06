import { data, redirect } from "react-router";
import { actionDone, actionFailed } from "~/lib/admin-action";
import { recordAudit } from "~/lib/audit.server";
import type { LeadColumns, LeadFilter, LeadKindDefinition } from "~/lib/lead-kind";
import { isRowId } from "~/lib/request.server";
import { redirectMovedToSpam } from "~/lib/spam-mark.server";
import type { Staff } from "~/lib/staff";
import { assignees, assignLead } from "./assign.server";
import { deleteLead, getLead, retryLeadDelivery } from "./leads.server";
import { loadReplies, replyIntents } from "./reply-actions.server";
import { answeredNotSpam } from "./reply-panel";
import { conversationState } from "./state";
import { replyDueView } from "~/lib/reply-promises.server";

/**
 * A lead's page, the same for every kind: what it loads (the lead, its deliveries, who can take
 * it, its replies) and the intents every kind answers (replies, assignment, retry, delete, move
 * to spam). A kind's route adds only its own status steps.
 */

/** Loads a lead's page, recording that it was opened (its details may be health details, decision 024). */
export async function loadLeadPage<Row extends LeadColumns, Filter extends LeadFilter>(
  request: Request,
  staff: Staff,
  kind: LeadKindDefinition<Row, Filter>,
  id: string | undefined,
  viewed: string,
) {
  const found = isRowId(id) ? await getLead(kind, id) : undefined;
  if (!found) throw data(null, { status: 404 });
  await recordAudit(staff, "viewed", kind.entity, found.lead.id, viewed);
  return {
    ...found,
    conversation: conversationState(found.lead, kind.statuses, replyDueView(found.lead)),
    personHref: `/admin/person/${kind.kind}/${found.lead.id}`,
    people: await assignees(),
    me: staff.accountId,
    replies: await loadReplies(request, { kind, id: found.lead.id }, staff),
  };
}

export interface LeadActionContext {
  /** Asks for proof of who they are within five minutes before a delete (throws a redirect). */
  confirm: () => void;
  /** The kind's own "Move to Spam": false when the lead is gone or answered. */
  moveToSpam: (staff: Staff, id: string) => Promise<boolean>;
  /** Where the list says a lead moved away is no longer: "in the inbox". */
  gone: string;
}

/**
 * The intents every lead's page answers, to spread among the kind's own status steps
 * (`answerIntent`): the replies, assignment, a delivery retried, delete and move to spam.
 */
export function leadIntents<Row extends LeadColumns, Filter extends LeadFilter>(
  staff: Staff,
  kind: LeadKindDefinition<Row, Filter>,
  id: string,
  context: LeadActionContext,
) {
  const noun = kind.label.toLowerCase();
  return {
    ...replyIntents(staff, { kind, id }, `${kind.path}/${id}`),
    assign: async (form: Record<string, unknown>) => {
      const result = await assignLead(staff, kind, id, form.assignee);
      return result.ok ? actionDone(result.message) : actionFailed(result.message, result.status);
    },
    retry: async () => {
      await retryLeadDelivery(staff, kind, id);
      return actionDone("Delivery queued again.");
    },
    delete: async () => {
      // Deleting cannot be undone: proof of who they are within five minutes, as for a review.
      context.confirm();
      await deleteLead(staff, kind, id);
      return redirect(kind.path);
    },
    "move-to-spam": async () => {
      if (await context.moveToSpam(staff, id)) return redirectMovedToSpam();
      return (await getLead(kind, id))
        ? actionFailed(answeredNotSpam(noun), 409)
        : actionFailed(`That ${noun} is no longer ${context.gone}.`, 404);
    },
  };
}
