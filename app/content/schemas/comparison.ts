/** The home page's comparison rows (app/content/comparison.ts), as the admin's form edits them. */
import { z } from "zod";
import { distinct, line } from "./fields";

export const comparisonSchema = z
  .array(
    z
      .object({
        feature: line("Feature", 100),
        // The table marks each row yes for the dynamic cushion and no for a static one; only the words change.
        dynamic: z.literal(true),
        static: z.literal(false),
      })
      .meta({ title: "Row" }),
  )
  .min(1, "At least one row")
  .max(20, "At most 20 rows")
  .refine((rows) => distinct(rows, (row) => row.feature.toLowerCase()), "Each row needs its own feature")
  .meta({
    title: "Dynamic vs static cushions",
    description: "Features the SofTech dynamic cushion has and a static foam or gel cushion does not, one per row.",
  });
