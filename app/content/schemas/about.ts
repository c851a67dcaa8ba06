/** The About page's text (app/content/about.ts), as the admin's form edits it. */
import { z } from "zod";
import { distinct, line, markedLine, paragraph } from "./fields";

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

const heading = (title = "Heading") => line(title, 80);

export const aboutHeadingsSchema = z
  .object({
    eyebrow: line(
      "Above the heading",
      40,
      "The small line over the page's heading, which is About and the company's name from Company facts.",
    ),
    story: z.object({ title: heading() }).meta({ title: "Our story" }),
    history: z.object({ title: heading() }).meta({ title: "Our history" }),
    owners: z
      .object({
        title: heading(),
        readBio: line("Button", 30, "Under each owner's name; opens their biography."),
      })
      .meta({ title: "Our owners" }),
    cta: z
      .object({
        title: heading(),
        body: markedLine(
          "Text",
          300,
          { hours: "the opening hours" },
          "Above the buttons. Write {hours} where the page writes the opening hours in full, as Company facts says them.",
        ),
        order: line("Order button", 40),
        message: line("Message button", 40),
      })
      .meta({ title: "Closing call to action" }),
  })
  .meta({ title: "About page: section headings" });
