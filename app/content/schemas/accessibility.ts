/** The accessibility statement's date (app/content/accessibility.ts), as the admin's form edits it. */
import { z } from "zod";
import { calendarDate, placeholderFields } from "./fields";

export const statementDateSchema = z
  .object({
    date: calendarDate("Prepared on", "Shown at the end of the statement, for example as 23 November 2026."),
    ...placeholderFields,
  })
  .meta({ title: "Accessibility statement: date" });
