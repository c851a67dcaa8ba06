/** Where a lead waiting for its reply stands against the promise (docs/requirements.md §4.8). */
export type DueState = "late" | "overdue" | "today" | "later";

export interface ReplyDueView {
  state: DueState;
  /** "Mon, Nov 23, 4:30 PM EST": the due time on the office's clock. */
  dueText: string;
  /** What is awaited: the lead's first reply, or an answer to the visitor's emailed answer. */
  waitingFor: "first-reply" | "answer";
}
