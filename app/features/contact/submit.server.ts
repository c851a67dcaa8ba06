import type { Executor } from "~/lib/db.server";
import { configuredChannels } from "~/lib/outbox/queue.server";
import { type PublicFormResult, submitPublicForm } from "~/lib/public-form.server";
import { storeContactMessage } from "./contact.server";
import { ContactFormSchema } from "./schema";

export type ContactProblem = Exclude<PublicFormResult, { ok: true }>["problem"];

/** A contact message from the page's form or the JSON API: into the inbox, or quarantined as spam. */
export async function submitContact(form: Record<string, unknown>, clientIp: string): Promise<PublicFormResult> {
  return submitPublicForm({
    kind: "contact",
    schema: ContactFormSchema,
    form,
    clientIp,
    text: (input) => input.message,
    store: (input) => storeContactMessage(input),
  });
}

/**
 * "Not spam": a quarantined message, parsed again with the form's schema, goes to the inbox as
 * received when it was first sent, with its delivery queued, inside the caller's transaction.
 */
export async function restoreMessage(payload: Record<string, unknown>, receivedAt: Date, trx: Executor): Promise<string> {
  return storeContactMessage(ContactFormSchema.parse(payload), receivedAt, configuredChannels(), trx);
}
