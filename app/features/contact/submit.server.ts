import type { Executor } from "~/lib/db.server";
import { configuredChannels } from "~/lib/outbox/queue.server";
import { type PublicFormResult, submitPublicForm } from "~/lib/public-form.server";
import { messageKind } from "./lead.server";
import { storeContactMessage } from "./store.server";
import { ContactFormSchema } from "./schema";
import { startFromPayload } from "~/lib/forms";

export type ContactProblem = Exclude<PublicFormResult, { ok: true }>["problem"];

/** A contact message from the page's form or the JSON API: into the inbox (marked when it carried weaker signals), or held as spam. */
export async function submitContact(
  form: Record<string, unknown>,
  clientIp: string,
  start = startFromPayload(form),
): Promise<PublicFormResult> {
  return submitPublicForm({
    kind: messageKind,
    schema: ContactFormSchema,
    form,
    clientIp,
    start,
    text: (input) => input.message,
    store: (input, signals) => storeContactMessage(input, new Date(), configuredChannels(), undefined, signals),
  });
}

/**
 * "Not spam": a held message, parsed again with the form's schema, goes to the inbox as received
 * when it was first sent, with its delivery queued, inside the caller's transaction. It comes back
 * unmarked: staff have looked at it and said it is a person's.
 */
export async function restoreMessage(
  payload: Record<string, unknown>,
  receivedAt: Date,
  trx: Executor,
): Promise<string> {
  return storeContactMessage(ContactFormSchema.parse(payload), receivedAt, configuredChannels(), trx);
}
