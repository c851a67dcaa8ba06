/** The Order page's own words and its steps (app/content/order.ts), as the admin's form edits them. */
import { z } from "zod";
import { distinct, line, paragraph, textWithFacts } from "./fields";

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

export const orderPageSchema = z
  .object({
    eyebrow: line("Word above the heading", 40),
    title: line("Heading", 80),
    intro: textWithFacts("Introduction", 400, {
      long: true,
      description: "Under the heading, above the steps.",
    }),
    start: line("Button under the steps", 40, "Moves down to the form."),
    form: z
      .object({
        title: line("Heading", 80),
        intro: paragraph("Text", 300, "Beside the heading, before the link to the paying page."),
        paying: line("Link to the paying page", 80),
        openBelow: line("Button to the form", 40, "Moves to the form's first question."),
        openHosted: line(
          "Button to the hosted form",
          40,
          "Shown only where the site is set to offer the company's hosted order form; it opens that form in a new tab.",
        ),
      })
      .meta({ title: "Above the form" }),
  })
  .meta({ title: "Order page" });
