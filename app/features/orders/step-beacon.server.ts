import { z } from "~/lib/zod";
import { orderSteps } from "./fields";

/** The beacon's body (app/routes/api.form-steps.ts): the form, and the step (from 1) a browser reached. */
export const FormStepSchema = z.object({
  form: z.literal("order"),
  step: z.coerce.number().int().min(1).max(orderSteps.length),
});
