/** The Testimonials page's text and the boxes beside its review form (app/content/testimonials.ts), as the admin's form edits them. */
import { z } from "zod";
import { distinct, line, paragraph } from "./fields";

const button = (title: string, description?: string) => line(title, 40, description);

export const testimonialsPageSchema = z
  .object({
    title: line("Heading", 60, "Also the page's title in the browser's tab and in search results."),
    intro: paragraph("Introduction", 300, "Under the page's heading."),
    filtersLabel: line("Name of the filters", 40, "What screen readers call the row of filters above the reviews."),
    reviewsLabel: line("Name of the list of reviews", 40, "What screen readers call the list."),
    noReviews: line("When no review matches", 160, "Shown in place of the list when no review has the filter's tag."),
    pages: z
      .object({
        label: line("Name of the links", 40, "What screen readers call the links to the other pages."),
        newest: button("To the newest"),
        newer: button("To the newer"),
        older: button("To the older"),
        oldest: button("To the oldest"),
      })
      .meta({
        title: "Pages of reviews",
        description: "The links under the reviews, when they fill more than one page.",
      }),
    notice: z
      .object({
        label: line("Name of the notice", 60, "What screen readers call it."),
        lead: line("Lead-in, in bold", 60),
        body: paragraph("Notice", 600),
      })
      .meta({ title: "Notice under the reviews" }),
    share: z
      .object({
        title: line("Heading", 80),
        intro: paragraph("Text", 300, "Under the heading."),
        openDialog: button("Button that opens the form in a dialog"),
        formTitle: line("Form heading", 80, "Above the form in the page, and the dialog's title."),
      })
      .meta({ title: "Sharing a review", description: "The section with the review form." }),
  })
  .meta({ title: "Testimonials page" });

export const reviewGuidanceSchema = z
  .array(
    z
      .object({
        title: line("Heading", 60),
        items: z
          .array(line("Point", 160))
          .min(1, "At least one point")
          .max(8, "At most eight points")
          .refine((items) => distinct(items, (item) => item), "Each point once")
          .meta({ title: "Points" }),
      })
      .meta({ title: "Box" }),
  )
  .min(1, "At least one box")
  .max(4, "At most four boxes")
  .refine((boxes) => distinct(boxes, (box) => box.title), "Each box needs its own heading")
  .meta({
    title: "Testimonials page: boxes beside the review form",
    description: "In this order, beside the form on a wide screen and under it on a narrow one.",
  });
