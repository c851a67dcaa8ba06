import { getConfig } from "~/lib/config.server";
import { firstErrors, looksAutomated } from "~/lib/forms";
import { log } from "~/lib/logger.server";
import { hitRateLimit } from "~/lib/rate-limit.server";
import { z } from "~/lib/zod";
import { createTestimonial } from "./queries.server";
import { hasMissingRequired, TestimonialSchema } from "./schema";

export type ReviewSubmitResult =
  | { ok: true }
  | { ok: false; status: 400 | 429 | 503; problem: "missing" | "invalid" | "rate-limited" | "unavailable"; errors: Record<string, string>; retryAfter?: number };

/** Everything a review submission goes through, for the page's form post and the JSON API alike. */
export async function submitReview(form: Record<string, unknown>, clientIp: string): Promise<ReviewSubmitResult> {
  const config = getConfig();
  const limit = await hitRateLimit(`review:${clientIp}`, config.formRateLimit, 600);
  if (!limit.allowed) return { ok: false, status: 429, problem: "rate-limited", errors: {}, retryAfter: limit.retryAfter };
  if (looksAutomated(form, config.formMinFillMs)) {
    log.info("review form looked automated; nothing stored");
    return { ok: true };
  }
  const parsed = TestimonialSchema.safeParse(form);
  if (!parsed.success) {
    const errors = firstErrors(z.flattenError(parsed.error).fieldErrors);
    return { ok: false, status: 400, problem: hasMissingRequired(form) ? "missing" : "invalid", errors };
  }
  try {
    await createTestimonial(parsed.data);
    return { ok: true };
  } catch (error) {
    log.error("could not store a review", { error });
    return { ok: false, status: 503, problem: "unavailable", errors: {} };
  }
}
