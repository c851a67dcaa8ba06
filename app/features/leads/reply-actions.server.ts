import { redirect } from "react-router";
import { actionDone, actionFailed, intent, keptAnswers } from "~/lib/admin-action";
import { getConfig } from "~/lib/config.server";
import { readFlash, setFlash } from "~/lib/flash.server";
import { isRowId } from "~/lib/request.server";
import type { Staff } from "~/lib/staff";
import { confirmAnswer, dropHeldAnswer } from "./answers.server";
import {
  addNote,
  draftReply,
  othersSeen,
  type LeadRef,
  recordCall,
  retryReply,
  sendReply,
  threadOf,
} from "./replies.server";
import { callFields, noteFields, replyFields } from "./fields";
import { CallSchema, NoteSchema, ReplyEmailSchema } from "./reply-schema";

/**
 * The reply forms' side of a lead's page, shared by messages and order requests: what the page
 * loads, and the three intents it answers. A stored reply answers with a redirect to the thread,
 * so reloading the page cannot send it twice; a refused one answers 4xx with its field messages
 * and the answers as typed.
 */

const notices = {
  "reply-sent": "Reply queued. Its delivery shows in the conversation below.",
  "call-recorded": "Call recorded.",
  "note-added": "Note added. It is never emailed.",
} as const;

/** How many replies, calls and notes by others the page showed, as its forms send it back; none when not a count. */
function seenOf(form: Record<string, unknown>): number | undefined {
  const value = form.seen;
  return typeof value === "string" && /^\d{1,6}$/.test(value) ? Number(value) : undefined;
}

export async function loadReplies(request: Request, lead: LeadRef, staff: Staff) {
  const flash = readFlash(request)?.key;
  const choice = new URL(request.url).searchParams.get("reply");
  // Counted first: an entry stored while the thread is read is then counted as not yet seen.
  const seen = await othersSeen(lead, staff);
  const [thread, draft] = await Promise.all([threadOf(lead), draftReply(lead, choice)]);
  return {
    thread,
    draft: draft ?? { to: "", subject: "", body: "", choices: [], chosen: "" },
    canEmail: Boolean(getConfig().smtp),
    /** How many replies, calls and notes by others it shows: a reply or call sent from it is checked against this. */
    seen,
    readsAnswers: Boolean(getConfig().imap),
    replied: flash && flash in notices ? notices[flash as keyof typeof notices] : null,
  };
}

/**
 * The reply intents of a lead's page, to spread among the page's own (`answerIntent`). A refused
 * reply or call keeps what was typed, whether its fields had a mistake or the sending failed.
 */
export function replyIntents(staff: Staff, lead: LeadRef, pagePath: string) {
  const backToThread = (key: keyof typeof notices) =>
    redirect(`${pagePath}#thread`, { headers: { "Set-Cookie": setFlash(key) } });
  return {
    reply: intent({
      schema: ReplyEmailSchema,
      fields: replyFields,
      refused: "The reply was not sent: see the fields below.",
      run: async (input, form) => {
        const result = await sendReply(staff, lead, input, new Date(), getConfig(), seenOf(form));
        return result.ok
          ? backToThread("reply-sent")
          : actionFailed(result.message, result.status, {
              values: {
                ...keptAnswers(form, replyFields),
                ...(result.seen !== undefined ? { seen: String(result.seen) } : {}),
              },
            });
      },
    }),
    call: intent({
      schema: CallSchema,
      fields: callFields,
      refused: "The call was not recorded: see the fields below.",
      run: async (input, form) => {
        const result = await recordCall(staff, lead, input, new Date(), seenOf(form));
        return result.ok
          ? backToThread("call-recorded")
          : actionFailed(result.message, result.status, {
              values: {
                ...keptAnswers(form, callFields),
                ...(result.seen !== undefined ? { seen: String(result.seen) } : {}),
              },
            });
      },
    }),
    note: intent({
      schema: NoteSchema,
      fields: noteFields,
      refused: "The note was not added: see the field below.",
      run: async (input, form) => {
        const result = await addNote(staff, lead, input);
        return result.ok
          ? backToThread("note-added")
          : actionFailed(result.message, result.status, { values: keptAnswers(form, noteFields) });
      },
    }),
    "retry-reply": async (form: Record<string, unknown>) => {
      const replyId = form.reply;
      const outcome = isRowId(replyId) ? await retryReply(staff, lead, replyId) : "missing";
      if (outcome === "missing") return actionFailed("That reply is not on this lead.", 404);
      if (outcome === "busy")
        return actionFailed(
          "That reply is being sent at this moment or was delivered already, so it is not sent again. Its state shows in the thread.",
          409,
        );
      return actionDone("The reply will be sent again now.");
    },
    "confirm-answer": async (form: Record<string, unknown>) => {
      const answerId = form.answer;
      if (!(isRowId(answerId) && (await confirmAnswer(staff, lead, answerId))))
        return actionFailed("That answer is not held on this lead any more.", 404);
      return actionDone("Confirmed: the answer is part of this conversation, and waits on us.");
    },
    "drop-answer": async (form: Record<string, unknown>) => {
      const answerId = form.answer;
      if (!(isRowId(answerId) && (await dropHeldAnswer(staff, lead, answerId))))
        return actionFailed("That answer is not held on this lead any more.", 404);
      return actionDone("Removed from this lead. The email stays in the support mailbox.");
    },
  };
}
