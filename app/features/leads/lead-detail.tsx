import type { ReactNode } from "react";
import { Link } from "react-router";
import { AssignForm } from "~/components/admin/assign-form";
import { DetailActions } from "~/components/admin/detail-actions";
import { ActionStatus } from "~/components/ui/action-status";
import { SpamMark } from "~/components/ui/spam-mark";
import type { SpamReason } from "~/lib/forms";
import { ReplyPanel, type ReplyPanelProps } from "./reply-panel";
import type { ConversationView } from "./state";

/**
 * A lead's page, the same frame for every kind: back to the list, the title, the last action's
 * outcome, the spam mark, then the kind's own details (children), who handles it, the replies,
 * and the action bar with the kind's next steps.
 */
export function LeadDetailFrame({
  list,
  titleId,
  title,
  result,
  mark,
  children,
  people,
  assignedTo,
  me,
  replies,
  conversation,
  personHref,
  steps,
  canRetry,
  canMoveToSpam,
  deleteQuestion,
  busy,
}: {
  /** The kind's list: its address and the back link's words ("All messages"). */
  list: { href: string; text: string };
  titleId: string;
  title: string;
  result: Parameters<typeof ActionStatus>[0]["result"];
  mark: SpamReason[];
  children: ReactNode;
  people: ReadonlyArray<{ id: string; username: string }>;
  assignedTo: string | null;
  me: string;
  replies: Omit<ReplyPanelProps, "busy">;
  /** Where the conversation stands, and what is due when. */
  conversation: ConversationView;
  /** The person's page: everything stored under this lead's email address. */
  personHref: string;
  steps: ReadonlyArray<{ intent: string; label: string }>;
  canRetry: boolean;
  canMoveToSpam: boolean;
  deleteQuestion: string;
  busy: boolean;
}) {
  return (
    <article aria-labelledby={titleId}>
      <Link
        to={list.href}
        className="-ml-3 inline-flex tap-target items-center rounded-md px-3 font-semibold text-brand underline"
      >
        <span aria-hidden="true">←&nbsp;</span>
        {list.text}
      </Link>
      <h1 id={titleId} className="mt-4 text-heading font-bold">
        {title}
      </h1>
      <p className="mt-2 text-body">
        <span className="font-semibold">{conversation.label}</span>
        {conversation.due ? <span>. {conversation.due}</span> : null}
      </p>
      <p>
        <Link to={personHref} className="inline-flex tap-target items-center text-brand underline">
          Everything stored for this person
        </Link>
      </p>
      <ActionStatus result={result} />
      <SpamMark reasons={mark} className="mt-4" />
      {children}
      <AssignForm people={people} assignedTo={assignedTo} me={me} busy={busy} />
      <ReplyPanel {...replies} busy={busy} />
      <DetailActions
        steps={steps}
        canRetry={canRetry}
        canMoveToSpam={canMoveToSpam}
        deleteQuestion={deleteQuestion}
        busy={busy}
      />
    </article>
  );
}
