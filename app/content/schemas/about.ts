/** The About page's text (app/content/about.ts), as the admin's form edits it. */
import { z } from "zod";
import { distinct, line, paragraph } from "./fields";

export const aboutSchema = z
  .object({
    intro: paragraph(
      "Introduction",
      300,
      "Under the page's title; search engines show it, with the years the company was founded and changed owners.",
    ),
    story: z
      .array(paragraph("Paragraph", 1_000))
      .min(1, "At least one paragraph")
      .max(6, "At most six paragraphs")
      .meta({ title: "Our story" }),
    mission: z
      .object({
        heading: line("Heading", 80),
        body: paragraph("Mission", 600),
      })
      .meta({ title: "Mission" }),
    history: z
      .array(
        z
          .object({
            when: line("When", 20, "A year, or a word such as Today."),
            title: line("What happened", 80),
            body: paragraph("More about it", 400),
          })
          .meta({ title: "Moment" }),
      )
      .min(1, "At least one moment")
      .max(9, "At most nine moments")
      .refine((moments) => distinct(moments, (moment) => moment.title), "Each moment needs its own title")
      .meta({ title: "Our history" }),
  })
  .meta({ title: "About page" });
