import { data, redirect } from "react-router";
import { actionFailed } from "~/lib/admin-action";
import { getConfig } from "~/lib/config.server";
import { readFlash, setFlash } from "~/lib/flash.server";
import { formObject } from "~/lib/forms";
import { isRowId } from "~/lib/request.server";
import type { Staff } from "~/lib/staff";
import { fieldErrorsOf } from "~/lib/zod";
import { draftReply, type LeadRef, recordCall, retryReply, sendReply, threadOf } from "./replies.server";
import { CallSchema, ReplyEmailSchema } from "./reply-schema";

/**
 * The reply forms' side of a lead's page, shared by messages and order requests: what the page
 * loads, and the three intents it answers. A stored reply answers with a redirect to the thread,
 * so reloading the page cannot send it twice; a refused one answers 4xx with its field messages
 * and the answers as typed.
 */

export const replyIntents = ["reply", "call", "retry-reply"] as const;
export type ReplyIntent = (typeof replyIntents)[number];

const notices = {
  "reply-sent": "Reply queued. Its delivery shows in the thread below.",
  "call-recorded": "Call recorded.",
} as const;

export async function loadReplies(request: Request, lead: LeadRef) {
  const flash = readFlash(request)?.key;
  const [thread, draft] = await Promise.all([threadOf(lead), draftReply(lead)]);
  return {
    thread,
    draft: draft ?? { to: "", subject: "", body: "" },
    canEmail: Boolean(getConfig().smtp),
    replied: flash && flash in notices ? notices[flash as keyof typeof notices] : null,
  };
}

function refused(message: string, status: number, errors: Record<string, string>, values: Record<string, unknown>) {
  const typed = Object.fromEntries(
    Object.entries(values).filter(
      (entry): entry is [string, string] => typeof entry[1] === "string" && entry[0] !== "intent",
    ),
  );
  return data({ ok: false as const, message, errors, values: typed }, { status });
}

export async function replyAction(staff: Staff, lead: LeadRef, intent: ReplyIntent, form: FormData, pagePath: string) {
  const values = formObject(form);
  const backToThread = (key: keyof typeof notices) =>
    redirect(`${pagePath}#thread`, { headers: { "Set-Cookie": setFlash(key) } });
  switch (intent) {
    case "reply": {
      const parsed = ReplyEmailSchema.safeParse(values);
      if (!parsed.success)
        return refused("The reply was not sent: see the fields below.", 400, fieldErrorsOf(parsed.error), values);
      const result = await sendReply(staff, lead, parsed.data);
      return result.ok ? backToThread("reply-sent") : refused(result.message, result.status, {}, values);
    }
    case "call": {
      const parsed = CallSchema.safeParse(values);
      if (!parsed.success)
        return refused("The call was not recorded: see the fields below.", 400, fieldErrorsOf(parsed.error), values);
      const result = await recordCall(staff, lead, parsed.data);
      return result.ok ? backToThread("call-recorded") : refused(result.message, result.status, {}, values);
    }
    case "retry-reply": {
      const replyId = form.get("reply");
      const outcome = isRowId(replyId) ? await retryReply(staff, lead, replyId) : "missing";
      if (outcome === "missing") return actionFailed("That reply is not on this lead.", 404);
      if (outcome === "busy")
        return actionFailed(
          "That reply is being sent at this moment or was delivered already, so it is not sent again. Its state shows in the thread.",
          409,
        );
      return { ok: true as const, message: "The reply will be sent again now." };
    }
  }
}
