/** The case studies (app/content/case-studies.ts), as the admin's form edits them. */
import { z } from "zod";
import { distinct, line, paragraph, slug, whole } from "./fields";

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
      })
      .meta({ title: "Case study" }),
  )
  .min(1, "At least one study")
  .max(12, "At most 12 studies")
  .refine((studies) => distinct(studies, (study) => study.id), "Each study needs its own short name")
  .meta({ title: "Case studies" });
