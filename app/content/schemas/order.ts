/** The Order page's own words and its steps (app/content/order.ts), as the admin's form edits them. */
import { z } from "zod";
import { distinct, line, markedLine, paragraph, textWithFacts } from "./fields";

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
    step: markedLine(
      "Label above each step",
      30,
      { number: "the step's number" },
      "Above each step's title in the steps under the introduction.",
    ),
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
    privacy: z
      .object({
        lead: line("Lead-in, in bold", 30),
        body: markedLine(
          "Note",
          600,
          { policy: "the link to the privacy policy", healthData: "the link to how consumer health data is handled" },
          "Write {policy} and {healthData} where the two links go: the consumer-health-data link is the one Washington's My Health My Data Act asks for.",
        ),
        policy: line("Link to the privacy policy", 80, "Written where {policy} is."),
        healthData: line(
          "Link to the consumer-health-data section",
          80,
          "Written where {healthData} is; it leads to that section of the privacy policy.",
        ),
      })
      .meta({ title: "Privacy note under the form" }),
    otherWays: line("Before the phone number and email address", 80, "Under the privacy note."),
    sent: z
      .object({
        title: line("Heading", 80),
        reference: markedLine(
          "Reference",
          200,
          { reference: "the request's reference" },
          "Write {reference} where the page writes the reference the request was given.",
        ),
        confirmation: line("Confirmation email", 200, "Shown only where the site emails the requester a confirmation."),
        nextTitle: line("Heading of the next steps", 80),
        next: z
          .array(textWithFacts("Next step", 200))
          .min(1, "At least one step")
          .max(6, "At most six steps")
          .refine((steps) => distinct(steps, (step) => step), "Each step once")
          .meta({ title: "What happens next", description: "A numbered list, in this order." }),
        again: line("Button for another request", 40),
      })
      .meta({ title: "Once a request is sent", description: "Shown in place of the form." }),
  })
  .meta({ title: "Order page" });
