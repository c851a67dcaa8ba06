/** The Paying for SofTech page (app/content/paying.ts), as the admin's form edits it. */
import { z } from "zod";
import { billingCodeMarker } from "../paying";
import { distinct, line, paragraph, slug } from "./fields";

const heading = (title = "Heading") => line(title, 80);

export const payingSchema = z
  .object({
    title: line("Page heading", 80, "Also the page's title in search results and in its breadcrumbs."),
    description: paragraph("Description for search engines", 300, "Shown under the page's title in search results."),
    intro: paragraph("Introduction", 600, "Under the page's heading."),
    steps: z
      .object({
        title: heading(),
        items: z
          .array(
            z
              .object({
                title: line("Step", 60),
                body: paragraph("What happens", 400),
              })
              .meta({ title: "Step" }),
          )
          .min(1, "At least one step")
          .max(8, "At most eight steps")
          .refine((steps) => distinct(steps, (step) => step.title), "Each step needs its own title")
          .meta({ title: "Steps", description: "The page numbers the steps in this order." }),
      })
      .meta({ title: "How paying through insurance works" }),
    billingCode: z
      .object({
        title: heading(),
        body: paragraph("What the code is for", 500),
        known: line(
          "Once the code is known",
          200,
          `Shown in bold once the code is filled in under Insurance coverage; write ${billingCodeMarker} where the code goes.`,
        ).refine((text) => text.includes(billingCodeMarker), `Write ${billingCodeMarker} where the code goes`),
        ask: line("Until then", 200, "Shown above the phone number and email to ask for the code."),
      })
      .meta({ title: "The billing code" }),
    papers: z
      .object({
        title: heading(),
        intro: paragraph("Introduction", 400),
        items: z
          .array(paragraph("Paper", 300))
          .min(1, "At least one paper")
          .max(10, "At most ten papers")
          .meta({ title: "What is asked for" }),
      })
      .meta({ title: "What a dealer usually asks for" }),
    selfPay: z
      .object({
        title: heading(),
        body: paragraph("Text", 500),
      })
      .meta({ title: "Paying without insurance" }),
    included: z
      .object({
        title: heading(),
      })
      .meta({
        title: "What comes with every cushion",
        description:
          "The guarantee, warranty, reconfiguration and shipping listed under this heading come from Guarantee, warranty and shipping.",
      }),
    cta: z
      .object({
        title: heading(),
        body: paragraph("Text", 300, "Above the buttons to request an order and to ask a question."),
      })
      .meta({ title: "Closing call to action" }),
  })
  .meta({ title: "Paying page" });

export const payingQuestionsSchema = z
  .object({
    title: heading(),
    lists: z
      .array(
        z
          .object({
            id: slug("Short name", 40, "Names the list on the page; keep it once published. Starts with ask-.").refine(
              (id) => id.startsWith("ask-"),
              "Start with ask-, for example ask-insurer",
            ),
            title: line("Who is asked", 60),
            questions: z
              .array(line("Question", 200))
              .min(1, "At least one question")
              .max(8, "At most eight questions")
              .meta({ title: "Questions" }),
          })
          .meta({ title: "List" }),
      )
      .min(1, "At least one list")
      .max(4, "At most four lists")
      .refine((lists) => distinct(lists, (list) => list.id), "Each list needs its own short name")
      .meta({
        title: "Lists",
        description: "One for each person asked, side by side on a wide screen, three to a row.",
      }),
  })
  .meta({ title: "Paying page: questions to ask" });
