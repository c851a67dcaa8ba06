/** The review policy's promised time (app/content/review-policy.ts), as the admin's form edits it. */
import { z } from "zod";
import { line, placeholderFields } from "./fields";

export const moderationTimeSchema = z
  .object({
    text: line(
      "Time to decide on a review",
      40,
      "Ends the sentence “We read new reviews on business days and decide within …”, for example two business days.",
    ),
    ...placeholderFields,
  })
  .meta({ title: "Review policy: time to decide on a review" });
