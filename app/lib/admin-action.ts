import { data } from "react-router";
import { type FieldSpecs, keptValues, textOf } from "./form-fields";
import { formObject } from "./forms";
import { fieldErrorsOf, z } from "./zod";

/**
 * What a staff action answers when it refuses, on every admin page: why, one message per field
 * with a mistake, and what was typed, so the form is drawn again with it and nothing is lost
 * (README, "Adding a form"). A staff form has no ticket: staff are signed in, and what they post
 * changes a row they can see, not a lead that could be stored twice.
 */
export const StaffRefusalSchema = z.object({
  ok: z.literal(false),
  message: z.string(),
  errors: z.record(z.string(), z.string()),
  values: z.record(z.string(), z.string()),
});
export type StaffRefusal = z.infer<typeof StaffRefusalSchema>;

/**
 * What every staff action answers, in one shape, so one component (components/ui/action-status.tsx)
 * draws it on every admin page.
 */
export const AdminActionResultSchema = z.discriminatedUnion("ok", [
  z.object({ ok: z.literal(true), message: z.string() }),
  StaffRefusalSchema,
]);
export type AdminActionResult = z.infer<typeof AdminActionResultSchema>;

/** A staff action that worked, told in `message`. */
export function actionDone(message: string): AdminActionResult {
  return { ok: true, message };
}

/**
 * A staff action that did not, with the status that says why: the one refusal of every staff
 * action, checked by its schema. `errors` names the fields with a mistake; `values` is what the
 * form shows again (`keptAnswers`); `headers` carries a Retry-After.
 */
export function actionFailed(
  message: string,
  status: number,
  answers: { errors?: Record<string, string>; values?: Record<string, string> } = {},
  headers?: HeadersInit,
) {
  const refusal: StaffRefusal = { ok: false, message, errors: answers.errors ?? {}, values: answers.values ?? {} };
  return data(StaffRefusalSchema.parse(refusal), { status, headers });
}

/** A refused staff form's answers as typed: the fields it knows, each bounded by its own limit. */
export function keptAnswers(form: Record<string, unknown>, fields: FieldSpecs): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(keptValues(form, fields))) {
    const text = textOf(value);
    if (text !== undefined) kept[name] = text;
  }
  return kept;
}

/** A form with an intent this route does not know: an old page, or a hand-made post. */
export const unknownAction = () => actionFailed("That action is not known here. Reload the page and try again.", 400);

/** One intent of a staff form: what it does with the post, read as an object. */
export type StaffIntent<Out> = (form: Record<string, unknown>) => Out | Promise<Out>;

/**
 * An intent whose form has fields: the post is parsed with the form's schema first, and a
 * mistake answers the one refusal (400, `refused` as its message, the field messages and what was
 * typed); `run` gets the parsed input only.
 */
export function intent<Schema extends z.ZodType, Out>(spec: {
  schema: Schema;
  fields: FieldSpecs;
  /** What the page says when the fields have a mistake: "The reply was not sent: see the fields below." */
  refused: string;
  run: (input: z.output<Schema>, form: Record<string, unknown>) => Out | Promise<Out>;
}): StaffIntent<Out | ReturnType<typeof actionFailed>> {
  return (form) => {
    const parsed = spec.schema.safeParse(form);
    if (!parsed.success)
      return actionFailed(spec.refused, 400, {
        errors: fieldErrorsOf(parsed.error),
        values: keptAnswers(form, spec.fields),
      });
    return spec.run(parsed.data, form);
  };
}

/**
 * Every staff action that takes more than one kind of post: the form's `intent` picks one of the
 * route's `intents` and that one answers; an intent the route does not have answers 400. A name
 * that only an object's prototype has (`toString`) is not an intent. The answer's type is the
 * union of what the intents answer, so the page reads it typed.
 */
export async function answerIntent<Outs extends Record<string, unknown>>(
  formData: FormData,
  intents: { [Name in keyof Outs]: StaffIntent<Outs[Name]> },
): Promise<Outs[keyof Outs] | ReturnType<typeof unknownAction>> {
  const form = formObject(formData);
  const known = new Map<unknown, StaffIntent<Outs[keyof Outs]>>(Object.entries(intents));
  const chosen = known.get(form.intent);
  return chosen ? chosen(form) : unknownAction();
}

/** What the page's status line shows: the last action's answer, else a notice a redirect carried. */
export function actionResult(actionData: unknown, notice: string | null | undefined): AdminActionResult | undefined {
  const parsed = AdminActionResultSchema.safeParse(actionData);
  if (parsed.success) return parsed.data;
  return notice ? { ok: true, message: notice } : undefined;
}

const noAnswers: Pick<StaffRefusal, "errors" | "values"> = Object.freeze({ errors: {}, values: {} });
const readAnswers = new WeakMap<object, Pick<StaffRefusal, "errors" | "values">>();

/**
 * A refused form's field messages and answers as typed, to draw the form again with them; empty
 * otherwise. The same answer gives the same objects on every render, so the error summary takes
 * focus once per answer, not once per render.
 */
export function refusedAnswers(actionData: unknown): Pick<StaffRefusal, "errors" | "values"> {
  if (typeof actionData !== "object" || actionData === null) return noAnswers;
  const known = readAnswers.get(actionData);
  if (known) return known;
  const parsed = StaffRefusalSchema.safeParse(actionData);
  const answers = parsed.success ? { errors: parsed.data.errors, values: parsed.data.values } : noAnswers;
  readAnswers.set(actionData, answers);
  return answers;
}
