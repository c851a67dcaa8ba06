/** The regulatory status and the footer's disclaimer (app/content/site.ts), as the admin's form edits them. */
import { z } from "zod";
import { distinct, line, paragraph } from "./fields";

export const regulatorySchema = z
  .object({
    classification: line(
      "Classification",
      60,
      "What the device is, for example Class II medical device; a text that quotes {classification} follows it. The about page, the FAQ and the home page's clinical evidence say it in words of their own: change them there too.",
    ),
    clearances: z
      .array(line("Clearance", 40))
      .min(1, "At least one clearance")
      .max(6, "At most six clearances")
      .refine((clearances) => distinct(clearances, (clearance) => clearance.toLowerCase()), "Each clearance once")
      .meta({
        title: "Clearances and approvals",
        description:
          'Listed in this order above the product page\'s heading. Write "FDA-cleared", never "FDA-approved".',
      }),
  })
  .meta({ title: "Regulatory status" });

export const disclaimerSchema = z
  .object({
    text: paragraph("Disclaimer", 400, "Under the links at the foot of every page, in the company's own words."),
  })
  .meta({ title: "Disclaimer in the footer" });
