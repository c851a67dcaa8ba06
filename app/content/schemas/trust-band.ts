/** The trust band's entries (app/content/trust-band.ts), as the admin's form edits them. */
import { z } from "zod";
import { marker, markerNames } from "~/lib/markers";
import { billingCodeName, type TrustMark, trustMarks } from "../trust-band";
import { distinct, slug, textWithFacts } from "./fields";

/** What the form calls each drawn mark (app/components/content/trust-band.tsx draws them). */
const markLabels: Record<TrustMark, string> = {
  shield: "Shield with a tick",
  check: "Tick in a circle",
  code: "Page with lines, as of a code",
  bulb: "Light bulb",
  calendar: "Calendar",
  return: "Arrow coming round, with a tick",
};

const billingCode = marker(billingCodeName);

const entry = z
  .object({
    id: slug("Short name", 40, "Names the entry on the page; keep it once published."),
    mark: z.enum(trustMarks).meta({
      title: "Drawing",
      description: "The small drawing beside the words; the words are what state the fact.",
      choiceLabels: markLabels,
    }),
    title: textWithFacts("Title", 40, { description: "In bold." }),
    detail: textWithFacts("Second line", 60, {
      own: { [billingCodeName]: "the insurance billing code, once it is filled in under Insurance coverage" },
      description: "Under the title; empty for none.",
    }).optional(),
    detailWithoutCode: textWithFacts("Second line until the billing code is known", 60, {
      description: `Only for a second line that quotes ${billingCode}: shown in its place while Insurance coverage has no billing code.`,
    }).optional(),
  })
  .superRefine((value, context) => {
    const quotesCode = markerNames(value.detail ?? "").includes(billingCodeName);
    if (quotesCode && !value.detailWithoutCode)
      context.addIssue({
        code: "custom",
        path: ["detailWithoutCode"],
        message: `Write what this line says while there is no billing code: the second line quotes ${billingCode}`,
      });
    if (!quotesCode && value.detailWithoutCode)
      context.addIssue({
        code: "custom",
        path: ["detailWithoutCode"],
        message: `Leave this empty: it is only for a second line that quotes ${billingCode}`,
      });
  })
  .meta({ title: "Entry" });

export const trustBandSchema = z
  .array(entry)
  .min(1, "At least one entry")
  .max(9, "At most nine entries")
  .refine((entries) => distinct(entries, (item) => item.id), "Each entry needs its own short name")
  .meta({
    title: "Trust band",
    description:
      "The band under the home page's headline, and on the product and order pages: three to a row on a wide screen, in this order.",
  });
