import { callOutcomes, type CallOutcome, templateTopics } from "~/content/replies";
import { isStorableText, lineOfText, unstorableMessage, z } from "~/lib/zod";
import { callFields, noteFields, replyFields, savedReplyFields, templateFields } from "./fields";

/**
 * What staff write when they answer a lead: an email, a recorded call, or a topic's template.
 * The same schemas check the form in the browser and on the server.
 */

const subject = lineOfText("the subject", "Subject is required")
  .trim()
  .min(1, "Subject is required")
  .max(replyFields.subject.max, `Subject must be ${replyFields.subject.max} characters or fewer`);

const body = z
  .string("Write the reply")
  .refine(isStorableText, unstorableMessage)
  .trim()
  .min(1, "Write the reply")
  .max(replyFields.body.max, `The reply must be ${replyFields.body.max} characters or fewer`);

export const ReplyEmailSchema = z.object({ subject, body } satisfies Record<keyof typeof replyFields, z.ZodType>);
export type ReplyEmailInput = z.infer<typeof ReplyEmailSchema>;

const outcomeValues = callOutcomes.map((o) => o.value) as [CallOutcome, ...CallOutcome[]];

export const CallSchema = z.object({
  outcome: z.enum(outcomeValues, "Choose how the call went"),
  note: z
    .string()
    .refine(isStorableText, unstorableMessage)
    .trim()
    .max(callFields.note.max, `The note must be ${callFields.note.max} characters or fewer`)
    .optional()
    .transform((v) => v ?? ""),
} satisfies Record<keyof typeof callFields, z.ZodType>);
export type CallInput = z.infer<typeof CallSchema>;

export const NoteSchema = z.object({
  internalNote: z
    .string("Write the note")
    .refine(isStorableText, unstorableMessage)
    .trim()
    .min(1, "Write the note")
    .max(noteFields.internalNote.max, `The note must be ${noteFields.internalNote.max} characters or fewer`),
} satisfies Record<keyof typeof noteFields, z.ZodType>);
export type NoteInput = z.infer<typeof NoteSchema>;

const topicValues = templateTopics.map((t) => t.value) as [string, ...string[]];

export const TemplateSchema = z.object({
  topic: z.enum(topicValues, "Choose a topic"),
  subject,
  body: z
    .string("Write the template")
    .refine(isStorableText, unstorableMessage)
    .trim()
    .min(1, "Write the template")
    .max(templateFields.body.max, `The template must be ${templateFields.body.max} characters or fewer`),
} satisfies Record<keyof typeof templateFields, z.ZodType>);
export type TemplateInput = z.infer<typeof TemplateSchema>;

export const SavedReplySchema = z.object({
  /** The saved reply changed, or "" for a new one. */
  id: z
    .union([z.uuid("That saved reply no longer exists."), z.literal("")])
    .optional()
    .transform((v) => v || undefined),
  topic: z.enum(topicValues, "Choose a topic"),
  name: lineOfText("the name", "Give the reply a name")
    .trim()
    .min(1, "Give the reply a name")
    .max(savedReplyFields.name.max, `The name must be ${savedReplyFields.name.max} characters or fewer`),
  subject,
  body: z
    .string("Write the reply")
    .refine(isStorableText, unstorableMessage)
    .trim()
    .min(1, "Write the reply")
    .max(savedReplyFields.body.max, `The reply must be ${savedReplyFields.body.max} characters or fewer`),
} satisfies Record<keyof typeof savedReplyFields, z.ZodType>);
/** A saved reply as stored: `id` names the one changed, none for a new one. */
export type SavedReplyInput = Omit<z.infer<typeof SavedReplySchema>, "id"> & { id?: string };
