import { data } from "react-router";
import { z } from "./zod";

/**
 * What every staff action answers, in one shape, so one component (components/ui/action-status.tsx)
 * draws it on every admin page.
 */
export const AdminActionResultSchema = z.discriminatedUnion("ok", [
  z.object({ ok: z.literal(true), message: z.string() }),
  z.object({ ok: z.literal(false), message: z.string(), errors: z.record(z.string(), z.string()).optional() }),
]);
export type AdminActionResult = z.infer<typeof AdminActionResultSchema>;

/** A staff action that worked, told in `message`. */
export function actionDone(message: string): AdminActionResult {
  return { ok: true, message };
}

/** A staff action that did not, with the status that says why. */
export function actionFailed(message: string, status: number, errors?: Record<string, string>) {
  return data(AdminActionResultSchema.parse({ ok: false, message, errors }), { status });
}

/** A form with an intent this route does not know: an old page, or a hand-made post. */
export const unknownAction = () => actionFailed("That action is not known here. Reload the page and try again.", 400);

/** The posted `intent`, when it is one of the route's own; undefined otherwise. */
export function readIntent<const T extends readonly [string, ...string[]]>(
  form: FormData,
  intents: T,
): T[number] | undefined {
  const parsed = z.enum(intents).safeParse(form.get("intent"));
  return parsed.success ? parsed.data : undefined;
}

/** What the page's status line shows: the last action's answer, else a notice a redirect carried. */
export function actionResult(actionData: unknown, notice: string | null | undefined): AdminActionResult | undefined {
  const parsed = AdminActionResultSchema.safeParse(actionData);
  if (parsed.success) return parsed.data;
  return notice ? { ok: true, message: notice } : undefined;
}

/** A refused form's field messages and answers as typed, to draw the form again with them; empty otherwise. */
export function refusedAnswers(actionData: unknown): {
  errors: Record<string, string>;
  values: Record<string, string>;
} {
  const answer = actionData as
    { ok?: boolean; errors?: Record<string, string>; values?: Record<string, string> } | undefined;
  return answer && answer.ok === false
    ? { errors: answer.errors ?? {}, values: answer.values ?? {} }
    : { errors: {}, values: {} };
}
