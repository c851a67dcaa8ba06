/** The privacy policy's date and promised time (app/content/privacy.ts), as the admin's form edits them. */
import { z } from "zod";
import { calendarDate, line, placeholderFields } from "./fields";

export const policyDateSchema = z
  .object({
    date: calendarDate("Last updated", "Shown at the top of the policy, for example as 23 November 2026."),
    ...placeholderFields,
  })
  .meta({ title: "Privacy policy: date" });

export const dataRequestTimeSchema = z
  .object({
    text: line(
      "Time to complete a request",
      40,
      "Ends the sentence “We reply within … and complete the request within …”, for example 30 days.",
    ),
    ...placeholderFields,
  })
  .meta({ title: "Privacy policy: time to complete a data request" });
