import { reviewDeclineReasons, reviewWriters } from "#db/schema";
import { emailAddress, heardFrom, isStorableText, lineOfText, rowIdSchema, unstorableMessage, z } from "~/lib/zod";
import { reviewFields, tagValues } from "./fields";

const tagsInput = z
  .union([z.array(z.string()), z.string()], "Choose tags from the list")
  .optional()
  .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
  .pipe(z.array(z.enum(tagValues, "Choose tags from the list")).max(tagValues.length))
  .transform((tags) => [...new Set(tags)]);

/** The review form, checked with this schema in the browser and again on the server. */
export const ReviewSchema = z.object({
  name: lineOfText("the name", "Name is required")
    .trim()
    .min(1, "Name is required")
    .max(reviewFields.name.max, `Name must be ${reviewFields.name.max} characters or fewer`),
  email: emailAddress(reviewFields.email.max, "Email is required"),
  // A number (JSON) or the digits a radio button sends; never `true`, "0x8" or "1e1".
  rating: z
    .union([z.number(), z.string().regex(/^\d{1,2}$/)], "Choose a rating from 1 to 10")
    .transform(Number)
    .pipe(
      z
        .number()
        .int("Choose a rating from 1 to 10")
        .min(1, "Choose a rating from 1 to 10")
        .max(10, "Choose a rating from 1 to 10"),
    ),
  quote: z
    .string("Your review is required")
    .refine(isStorableText, unstorableMessage)
    .trim()
    .min(1, "Your review is required")
    .max(reviewFields.quote.max, `Your review must be ${reviewFields.quote.max} characters or fewer`),
  context: lineOfText("the context")
    .trim()
    .max(reviewFields.context.max, `Context must be ${reviewFields.context.max} characters or fewer`)
    // A JSON client sends null for an empty optional field.
    .nullish()
    .transform((v) => (v ? v : null)),
  tags: tagsInput,
  // Not in the payload of docs/requirements.md §5.2: a client that does not send it is the cushion's user writing.
  writtenBy: z.preprocess(
    (v) => (v === "" || v === undefined ? "self" : v),
    z.enum(reviewWriters, "Choose who is writing the review"),
  ),
  heard: heardFrom,
});

export type ReviewInput = z.infer<typeof ReviewSchema>;

const reasonSchema = z.enum(reviewDeclineReasons, "Choose a reason from the list");
const noteSchema = z
  .string()
  .refine(isStorableText, unstorableMessage)
  .trim()
  .max(1000, "The note must be 1000 characters or fewer")
  .nullish()
  .transform((v) => (v ? v : null));
const id = rowIdSchema("No such testimonial");

export const ModerationSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.enum(["publish", "verify", "unverify", "remove-reply"]), id }),
    z.object({ intent: z.literal("decline"), id, reason: reasonSchema, note: noteSchema }),
    // The DELETE of docs/requirements.md §5.3 carries no reason; `moderateReview` requires one from every other caller.
    z.object({
      intent: z.literal("delete"),
      id,
      reason: z.preprocess((v) => (v === "" || v === undefined ? null : v), reasonSchema.nullable()),
    }),
    z.object({
      intent: z.literal("reply"),
      id,
      reply: z
        .string("Write the reply")
        .refine(isStorableText, unstorableMessage)
        .trim()
        .min(1, "Write the reply")
        .max(2000, "The reply must be 2000 characters or fewer"),
    }),
  ],
  { error: "Unknown action" },
);
export type ModerationInput = z.infer<typeof ModerationSchema>;
