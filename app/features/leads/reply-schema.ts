import { callOutcomes, type CallOutcome, templateTopics } from "~/content/replies";
import { isStorableText, lineOfText, unstorableMessage, z } from "~/lib/zod";

/**
 * What staff write when they answer a lead: an email, a recorded call, or a topic's template.
 * The same schemas check the form in the browser and on the server.
 */

export const replyLimits = { subject: 200, body: 10_000, note: 2_000 } as const;

const subject = lineOfText("the subject", "Subject is required")
  .trim()
  .min(1, "Subject is required")
  .max(replyLimits.subject, `Subject must be ${replyLimits.subject} characters or fewer`);

const body = z
  .string("Write the reply")
  .refine(isStorableText, unstorableMessage)
  .trim()
  .min(1, "Write the reply")
  .max(replyLimits.body, `The reply must be ${replyLimits.body} characters or fewer`);

export const ReplyEmailSchema = z.object({ subject, body });
export type ReplyEmailInput = z.infer<typeof ReplyEmailSchema>;

const outcomeValues = callOutcomes.map((o) => o.value) as [CallOutcome, ...CallOutcome[]];

export const CallSchema = z.object({
  outcome: z.enum(outcomeValues, "Choose how the call went"),
  note: z
    .string()
    .refine(isStorableText, unstorableMessage)
    .trim()
    .max(replyLimits.note, `The note must be ${replyLimits.note} characters or fewer`)
    .optional()
    .transform((v) => v ?? ""),
});
export type CallInput = z.infer<typeof CallSchema>;

const topicValues = templateTopics.map((t) => t.value) as [string, ...string[]];

export const TemplateSchema = z.object({
  topic: z.enum(topicValues, "Choose a topic"),
  subject,
  body: z
    .string("Write the template")
    .refine(isStorableText, unstorableMessage)
    .trim()
    .min(1, "Write the template")
    .max(replyLimits.body, `The template must be ${replyLimits.body} characters or fewer`),
});
export type TemplateInput = z.infer<typeof TemplateSchema>;
