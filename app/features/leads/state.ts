import type { ReplyDueView } from "~/lib/reply-due";

/**
 * Where a lead's conversation stands (decision 035): new (waiting for its first reply, with a due
 * time), waiting on us (the visitor answered; due again from the answer), waiting on them (staff
 * replied or called last), or handled (the kind's last status).
 */
export type ConversationState = "new" | "waiting-on-us" | "waiting-on-them" | "handled";

export interface ConversationView {
  state: ConversationState;
  /** "Waiting on us", as staff read it. */
  label: string;
  /** What is due and when, when something is; overdue and late said in words. */
  due: string | null;
}

export const conversationLabels: Record<ConversationState, string> = {
  new: "New",
  "waiting-on-us": "Waiting on us",
  "waiting-on-them": "Waiting on them",
  handled: "Handled",
};

const dueWords: Record<ReplyDueView["state"], string> = {
  late: " (late)",
  overdue: " (overdue)",
  today: "",
  later: "",
};

export function conversationState(
  lead: { status: string; first_reply_at: string | null; answer_due_at: string | null },
  statuses: readonly string[],
  due: ReplyDueView | undefined,
): ConversationView {
  const state: ConversationState = lead.answer_due_at
    ? "waiting-on-us"
    : lead.status === statuses[0] && !lead.first_reply_at
      ? "new"
      : lead.status === statuses[statuses.length - 1]
        ? "handled"
        : "waiting-on-them";
  const dueText =
    due && (state === "new" || state === "waiting-on-us")
      ? `${state === "new" ? "First reply" : "Answer"} due ${due.dueText}${dueWords[due.state]}`
      : null;
  return { state, label: conversationLabels[state], due: dueText };
}
