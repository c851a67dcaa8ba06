import { fieldMistakes } from "~/lib/zod";
import { ReviewSchema } from "./schema";

/** The review form's check in the browser, loaded when the form is first used (lib/lazy-check.ts). */
export const check = (values: Record<string, unknown>) => fieldMistakes(ReviewSchema, values);
