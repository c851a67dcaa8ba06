import { isStorableText, unstorableMessage, z } from "./zod";

/** The address a data request is about, as staff type it: the same check the public forms make. */
const requestEmail = z
  .string("Enter the email address the person used")
  .refine(isStorableText, unstorableMessage)
  .trim()
  .min(1, "Enter the email address the person used")
  .max(254, "Please enter a valid email address")
  .pipe(z.email("Please enter a valid email address"));

/** Finding what is stored for an address (the admin's Data requests page, and its export). */
export const PersonalDataLookupSchema = z.object({ email: requestEmail });

/** Deleting it all: the address, and which records staff saw when they confirmed (their fingerprint). */
export const PersonalDataEraseSchema = z.object({
  intent: z.literal("erase"),
  email: requestEmail,
  seen: z.string().regex(/^[0-9a-f]{32}$/),
});
