import { firstErrors } from "~/lib/forms";
import { z } from "~/lib/zod";
import { TestimonialSchema } from "./schema";

/** The review form's check in the browser, loaded when the form is first used (lib/lazy-check.ts). */
export function check(values: Record<string, unknown>): Record<string, string> {
  const result = TestimonialSchema.safeParse(values);
  return result.success ? {} : firstErrors(z.flattenError(result.error).fieldErrors);
}
