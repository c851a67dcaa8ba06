/** The Order page's steps (app/content/order.ts), as the admin's form edits them. */
import { z } from "zod";
import { distinct, line, textWithFacts } from "./fields";

export const orderStepsSchema = z
  .array(
    z
      .object({
        title: line("Step", 40),
        body: textWithFacts("What happens", 300, { long: true }),
      })
      .meta({ title: "Step" }),
  )
  .min(1, "At least one step")
  .max(8, "At most eight steps")
  .refine((steps) => distinct(steps, (step) => step.title), "Each step needs its own title")
  .meta({
    title: "Order page: steps",
    description: "The page numbers the steps in this order; four fill one row on a wide screen.",
  });
