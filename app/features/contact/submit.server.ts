import { getConfig } from "~/lib/config.server";
import { firstErrors, looksAutomated } from "~/lib/forms";
import { log } from "~/lib/logger.server";
import { hitRateLimit } from "~/lib/rate-limit.server";
import { z } from "~/lib/zod";
import { storeContactMessage } from "./contact.server";
import { ContactFormSchema } from "./schema";

export type ContactProblem = "invalid" | "rate-limited" | "unavailable";

export type ContactSubmitResult =
  | { ok: true }
  | { ok: false; status: 400 | 429 | 503; problem: ContactProblem; errors: Record<string, string>; retryAfter?: number };

/** Everything a contact submission goes through, for the page's form post and the JSON call alike. */
export async function submitContact(form: Record<string, unknown>, clientIp: string): Promise<ContactSubmitResult> {
  const config = getConfig();
  const limit = await hitRateLimit(`contact:${clientIp}`, config.formRateLimit, 600);
  if (!limit.allowed) {
    return { ok: false, status: 429, problem: "rate-limited", errors: {}, retryAfter: limit.retryAfter };
  }
  if (looksAutomated(form, config.formMinFillMs)) {
    log.info("contact form looked automated; nothing stored");
    return { ok: true };
  }
  const parsed = ContactFormSchema.safeParse(form);
  if (!parsed.success) {
    return { ok: false, status: 400, problem: "invalid", errors: firstErrors(z.flattenError(parsed.error).fieldErrors) };
  }
  try {
    await storeContactMessage(parsed.data);
    return { ok: true };
  } catch (error) {
    log.error("could not store a contact message", { error });
    return { ok: false, status: 503, problem: "unavailable", errors: {} };
  }
}
