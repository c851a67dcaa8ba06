/**
 * Bot checks shared by every public form: a honeypot field a person never sees, and the time the
 * form was shown. A bot that fills the honeypot or submits faster than a person could is answered
 * as if it had succeeded, and nothing is stored.
 */
export const honeypotField = "website";
export const startedAtField = "startedAt";

export function looksAutomated(form: Record<string, unknown>, minFillMs: number, now = Date.now()): boolean {
  const honeypot = form[honeypotField];
  if (typeof honeypot === "string" && honeypot.length > 0) return true;
  const startedAt = Number(form[startedAtField]);
  if (!Number.isFinite(startedAt) || startedAt <= 0) return minFillMs > 0;
  return now - startedAt < minFillMs;
}

/** Zod's field errors as the first message per field. */
export function firstErrors(fieldErrors: Record<string, string[] | undefined>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [field, messages] of Object.entries(fieldErrors)) {
    if (messages?.[0]) result[field] = messages[0];
  }
  return result;
}
