/** The User Guides (app/content/manuals.ts), as the admin's form edits them. */
import { z } from "zod";
import { markdownText } from "~/lib/markdown-text";
import { calendarDate, distinct, line, paragraph, placeholderFields, slug, uploadedFile } from "./fields";

/**
 * A guide's text and the number of guides, bounded so the whole form fits the 2 MB a content
 * item's post may be (app/lib/request.server.ts) in any script: 8 × 25,000 characters of nine
 * bytes each once encoded is 1.8 MB. A booklet of today runs to about 5,000.
 */
const guideTextMax = 25_000;
const guidesMax = 8;

const groupIds = ["manual-switch", "auto-start"] as const;
const groupLabels = { "manual-switch": "Manual Rocker Switch", "auto-start": "Auto-Start" };

export const manualsSchema = z
  .object({
    title: line("Page heading", 80),
    intro: paragraph("Introduction", 300, "Under the page's heading."),
    groups: z
      .array(
        z
          .object({
            id: z.enum(groupIds).meta({ title: "Model", choiceLabels: groupLabels }),
            title: line("Heading", 80),
            description: paragraph("Description", 300),
          })
          .meta({ title: "Model" }),
      )
      .min(1, "At least one model")
      .max(2, "At most two models")
      .refine((groups) => distinct(groups, (group) => group.id), "Each model once")
      .meta({ title: "Models", description: "The guides are listed under the model they are for." }),
    guides: z
      .array(
        z
          .object({
            id: slug("Address", 60, "The guide's page is /user-manuals/ and this; keep it once published."),
            group: z.enum(groupIds).meta({ title: "For the model", choiceLabels: groupLabels }),
            title: line("Title", 80),
            description: paragraph("Description", 300),
            format: z.enum(["Booklet", "Single Page"]).meta({ title: "Format" }),
            lastUpdated: calendarDate(
              "Date of this edition",
              "The page shows its month and year. A new PDF keeps the one before as an earlier edition, with its date.",
            ),
            file: uploadedFile("PDF", "manual", "Upload a new PDF under Files, then choose it here."),
            body: markdownText({ max: guideTextMax, label: "The guide as a page" }).meta({
              title: "The guide as a page",
              description:
                "What the guide says, read on the site by people who cannot use the PDF. Write # before a section's heading and ## before a subsection's; the page lists the sections at the top.",
              markdown: true,
            }),
            ...placeholderFields,
          })
          .meta({ title: "Guide" }),
      )
      .min(1, "At least one guide")
      .max(guidesMax, `At most ${guidesMax} guides`)
      .refine((guides) => distinct(guides, (guide) => guide.id), "Each guide needs its own address")
      .meta({ title: "Guides" }),
  })
  .refine((manuals) => manuals.guides.every((guide) => manuals.groups.some((group) => group.id === guide.group)), {
    message: "Each guide's model must be one of the models listed",
    path: ["guides"],
  })
  .meta({ title: "User Guides" });
