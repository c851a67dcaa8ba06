/** The case studies and their page's own words (app/content/case-studies.ts), as the admin's form edits them. */
import { z } from "zod";
import { distinct, line, markedLine, paragraph, photoField, slug, whole } from "./fields";

export const caseStudiesSchema = z
  .array(
    z
      .object({
        id: slug("Short name", 60, "Names the study on its page; keep it once published."),
        title: line("Title", 80),
        category: line("Kind of study", 40, "Shown above the title, for example Clinical Research."),
        summary: paragraph("Summary", 500),
        participants: whole("Participants", 1, 100_000),
        duration: line("Duration", 30, "For example 12 weeks."),
        result: line("Result", 60, "The figure the study found, for example 94% healing improvement."),
        status: z
          .enum(["Completed", "Ongoing"])
          .meta({ title: "Status", description: "An ongoing study's result is shown as interim, and says so." }),
        photo: photoField("Photo", "Optional: shown at the top of the study. Upload it under Files first."),
      })
      .meta({ title: "Case study" }),
  )
  .min(1, "At least one study")
  .max(12, "At most 12 studies")
  .refine((studies) => distinct(studies, (study) => study.id), "Each study needs its own short name")
  .meta({ title: "Case studies" });

export const caseStudiesPageSchema = z
  .object({
    eyebrow: line("Above the heading", 40, "The small line over the page's heading."),
    title: line("Page heading", 80),
    intro: paragraph("Introduction", 300, "Under the page's heading."),
    back: line("Link back to the home page", 40, "Above the studies."),
    labels: z
      .object({
        participants: line("Participants", 30),
        duration: line("Duration", 30),
        result: line("Result of a completed study", 60),
        interim: markedLine(
          "Result of an ongoing study",
          100,
          { participants: "the number of participants" },
          "Write {participants} where the page writes the study's number of participants.",
        ),
        interimNote: line("Under an ongoing study's result", 160),
      })
      .meta({ title: "Labels on each study" }),
    request: line("Button on each study", 40, "Opens the contact form to ask for the full study."),
    order: line("Order button", 40, "Under the studies."),
    contact: line("Contact button", 40, "Under the studies."),
  })
  .meta({ title: "Case studies page: heading and labels" });
