/** The product page's sections (app/content/product.ts), as the admin's form edits them. */
import { z } from "zod";
import { distinct, line, markedLine, paragraph, photoField } from "./fields";

export const productIntroSchema = z
  .object({
    heading: line("Heading", 80),
    body: z.array(paragraph("Paragraph", 800)).min(1, "At least one paragraph").max(4, "At most four paragraphs").meta({
      title: "Introduction",
      description: "The first paragraph also describes the product to search engines.",
    }),
    picture: paragraph(
      "What the drawing shows",
      400,
      "Read by screen readers in place of the drawing of the cushion in use beside the introduction.",
    ),
    photo: photoField(
      "Photo in place of the drawing",
      "Optional: a photo of the cushion in use, shown instead of the drawing. Upload it under Files first.",
    ),
  })
  .meta({ title: "Product page: introduction" });

export const clinicalBenefitsSchema = z
  .array(
    z
      .object({
        title: line("Benefit", 80),
        body: paragraph("Explanation", 400),
      })
      .meta({ title: "Benefit" }),
  )
  .min(1, "At least one benefit")
  .max(9, "At most nine benefits")
  .refine((benefits) => distinct(benefits, (benefit) => benefit.title), "Each benefit needs its own title")
  .meta({ title: "Clinical benefits" });

export const traditionalVsSoftechSchema = z
  .array(
    z
      .object({
        aspect: line("Aspect", 60),
        traditional: line("A traditional cushion", 160),
        softech: line("SofTech", 160),
      })
      .meta({ title: "Row" }),
  )
  .min(1, "At least one row")
  .max(12, "At most 12 rows")
  .refine((rows) => distinct(rows, (row) => row.aspect), "Each row needs its own aspect")
  .meta({ title: "Traditional cushions vs SofTech" });

export const activationModelsSchema = z
  .array(
    z
      .object({
        id: z.enum(["auto-start", "manual-switch"]).meta({
          title: "Model",
          description: "Which model this describes; the picture of its controller comes with it.",
          choiceLabels: { "auto-start": "Auto-Start", "manual-switch": "Manual Rocker Switch" },
        }),
        name: line("Name", 60),
        description: paragraph("What it does", 500),
        bestFor: paragraph("Best for", 300),
      })
      .meta({ title: "Model" }),
  )
  .min(1, "At least one model")
  .max(2, "At most the two models")
  .refine((models) => distinct(models, (model) => model.id), "Each model is described once")
  .meta({ title: "Two ways to switch it on" });

export const specificationsSchema = z
  .array(
    z
      .object({
        label: line("What", 40),
        value: line("Value", 40, "Shown large on its tile: keep it short."),
      })
      .meta({ title: "Tile" }),
  )
  .min(1, "At least one tile")
  .max(15, "At most 15 tiles")
  .refine((tiles) => distinct(tiles, (tile) => tile.label), "Each tile needs its own label")
  .meta({ title: "Specifications" });

export const howItWorksSchema = z
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
  .meta({ title: "How it works", description: "The page numbers the steps in this order." });

const heading = (title = "Heading") => line(title, 80);

export const productHeadingsSchema = z
  .object({
    benefits: z.object({ title: heading() }).meta({ title: "Clinical benefits" }),
    comparison: z
      .object({
        title: heading(),
        caption: line("What the table compares", 200, "Read by screen readers before the table."),
        aspect: line("Heading of the first column", 40),
        traditional: line("Heading of the traditional cushion's column", 40),
      })
      .meta({
        title: "Traditional cushions vs SofTech",
        description: "The last column is headed with the product's name, from Company facts.",
      }),
    models: z
      .object({
        title: heading(),
        bestFor: line("Before what a model is best for", 30, "In bold, for example Best for:"),
      })
      .meta({ title: "The two models" }),
    specifications: z.object({ title: heading() }).meta({ title: "Specifications" }),
    steps: z.object({ title: heading() }).meta({ title: "How it works" }),
    cta: z
      .object({
        title: heading(),
        body: markedLine(
          "Text",
          300,
          { productResponse: "the reply time" },
          "Above the buttons. Write {productResponse} where the page writes the reply time for product questions, as Company facts says it.",
        ),
        orderForm: line(
          "Order button, with a hosted order form",
          40,
          "Shown instead of the next one when orders go to a hosted order form.",
        ),
        order: line("Order button", 40),
        paying: line("Button to the paying page", 40),
        manuals: line("Button to the user guides", 40),
        contact: line("Contact button", 40),
      })
      .meta({ title: "Closing call to action" }),
  })
  .meta({ title: "Product page: section headings" });
