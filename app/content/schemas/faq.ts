/** The FAQ page's heading and closing call (app/content/faq.ts), as the admin's form edits them. */
import { z } from "zod";
import { line, markedLine, paragraph } from "./fields";

export const faqPageSchema = z
  .object({
    eyebrow: line("Above the heading", 40, "The small line over the page's heading."),
    title: line("Page heading", 80),
    intro: paragraph("Introduction", 300, "Under the page's heading."),
    cta: z
      .object({
        title: line("Heading", 80),
        body: markedLine(
          "Text",
          300,
          { hours: "the opening hours", emailResponse: "the reply time for email" },
          "Above the buttons. Write {hours} and {emailResponse} where the page writes the opening hours in full and the reply time for email, as Company facts says them.",
        ),
        email: line("Email button", 40),
        call: markedLine(
          "Phone button",
          40,
          { phone: "the phone number" },
          "Write {phone} where the page writes the phone number, as Company facts says it.",
        ),
      })
      .meta({ title: "Closing call", description: "Under the questions, with the buttons to email and to call." }),
  })
  .meta({ title: "FAQ page: heading and closing call" });
