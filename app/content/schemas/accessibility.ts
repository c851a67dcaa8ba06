/** The accessibility statement (app/content/accessibility.ts), as the admin's form edits it. */
import { z } from "zod";
import { calendarDate, distinct, line, markdown, paragraph, placeholderFields } from "./fields";

export const statementDateSchema = z
  .object({
    date: calendarDate("Prepared on", "Shown at the end of the statement, for example as 23 November 2026."),
    ...placeholderFields,
  })
  .meta({ title: "Accessibility statement: date" });

const heading = line("Heading", 80);

const points = (title: string, point: string) =>
  z.array(paragraph(point, 400)).min(1, "At least one point").max(15, "At most 15 points").meta({ title });

export const accessibilitySchema = z
  .object({
    intro: paragraph("Introduction", 600, "Under the page's title."),
    standard: z.object({ heading, body: markdown("The standard", 3_000) }).meta({ title: "The standard we meet" }),
    features: z
      .object({ heading, items: points("What you can expect", "Point") })
      .meta({ title: "What you can expect" }),
    testing: z
      .object({
        heading,
        lead: paragraph("Before the list", 600),
        items: points("What the tests check", "Check"),
      })
      .meta({
        title: "How we test it",
        description:
          "The Lighthouse scores follow the list: the sentence before them and their table are written from the latest measurements.",
      }),
    limitations: z
      .object({
        heading,
        items: z
          .array(
            z
              .object({
                term: line("What falls short", 120),
                detail: paragraph("How, and what to do meanwhile", 800),
              })
              .meta({ title: "Limitation" }),
          )
          .min(1, "At least one entry; when nothing is known to fall short, say so in one")
          .max(12, "At most 12 entries")
          .refine((items) => distinct(items, (item) => item.term), "Each limitation needs its own name")
          .meta({ title: "Known limitations", description: "Each barrier known and not yet fixed." }),
      })
      .meta({ title: "Known limitations" }),
    report: z
      .object({
        heading,
        lead: paragraph("What to tell us", 600),
        form: line("Link to the form", 60, "The words of the link to the contact form."),
        meanwhile: paragraph(
          "After the reply time",
          400,
          "Follows “We reply within …”, which gives the reply time for email of the company facts.",
        ),
      })
      .meta({
        title: "Tell us about a barrier",
        description: "The phone number and the email address follow the link.",
      }),
  })
  .meta({ title: "Accessibility statement" });
