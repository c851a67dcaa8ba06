import { Form, useNavigation } from "react-router";
import { ActionStatus } from "~/components/ui/action-status";
import { AdminErrorBoundary } from "~/components/ui/admin-error";
import { buttonClass } from "~/components/ui/button";
import { ErrorSummary, TextArea, TextField } from "~/components/ui/field";
import { templateTopics } from "~/content/replies";
import { staffContext } from "~/features/auth/access.server";
import {
  allSavedReplies,
  allTemplates,
  deleteSavedReply,
  saveSavedReply,
  saveTemplate,
} from "~/features/leads/replies.server";
import { savedReplyFields, templateFields } from "~/features/leads/fields";
import { SavedReplySchema, TemplateSchema } from "~/features/leads/reply-schema";
import {
  actionDone,
  actionFailed,
  actionResult,
  answerIntent,
  intent,
  keptAnswers,
  refusedAnswers,
} from "~/lib/admin-action";
import { isRowId } from "~/lib/request.server";
import { fieldLabels } from "~/lib/form-fields";
import { readForm } from "~/lib/request.server";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/admin.templates";

export async function loader() {
  const [templates, saved] = await Promise.all([allTemplates(), allSavedReplies()]);
  return { templates, saved };
}

export async function action({ request, context }: Route.ActionArgs) {
  return answerIntent(await readForm(request), {
    save: intent({
      schema: TemplateSchema,
      fields: templateFields,
      refused: "The template was not saved: see the fields below.",
      run: async (input) => {
        await saveTemplate(context.get(staffContext), input);
        const label = templateTopics.find((t) => t.value === input.topic)?.label ?? input.topic;
        return actionDone(`Template saved: ${label}.`);
      },
    }),
    "save-reply": intent({
      schema: SavedReplySchema,
      fields: savedReplyFields,
      refused: "The saved reply was not saved: see the fields below.",
      run: async (input, form) => {
        const result = await saveSavedReply(context.get(staffContext), input);
        return result.ok
          ? actionDone(result.message)
          : actionFailed(result.message, result.status, { values: keptAnswers(form, savedReplyFields) });
      },
    }),
    "delete-reply": async (form: Record<string, unknown>) => {
      if (!isRowId(form.id) || !(await deleteSavedReply(context.get(staffContext), form.id)))
        return actionFailed("That saved reply no longer exists.", 404);
      return actionDone("Saved reply deleted.");
    },
  });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Reply templates",
    description: "What replies start from, per topic.",
    path: "/admin/templates",
    noindex: true,
  });

const labels = fieldLabels(templateFields);
const savedLabels = fieldLabels(savedReplyFields);

/**
 * The text each reply starts from, per topic (docs/requirements.md §4.8). One form per topic, so
 * saving one never overwrites another that someone else is editing.
 */
export default function AdminTemplates({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const { errors, values } = refusedAnswers(actionData);
  const refusedTopic = values.topic;
  // A refused saved reply sends back its id ("" for a new one); a refused template sends none.
  const savedRefusal = values.id !== undefined;
  const summaryPrefix = savedRefusal
    ? values.id
      ? `saved-${values.id}`
      : `saved-new-${refusedTopic ?? ""}`
    : `template-${refusedTopic ?? ""}`;
  return (
    <>
      <h1 className="text-heading font-bold">Reply templates</h1>
      <p className="mt-1 max-w-prose text-muted">
        A reply starts from its topic&apos;s template. <code>{"{name}"}</code> becomes the name the person gave, and{" "}
        <code>{"{reference}"}</code> an order request&apos;s reference. Nothing else from a lead is put into a reply.
      </p>
      <ActionStatus result={actionResult(actionData, null)} />
      {Object.keys(errors).length ? (
        <div className="mt-4">
          <ErrorSummary errors={errors} labels={savedRefusal ? savedLabels : labels} idPrefix={summaryPrefix} />
        </div>
      ) : null}
      <div className="mt-6 grid gap-6">
        {loaderData.templates.map((template) => {
          const label = templateTopics.find((t) => t.value === template.topic)?.label ?? template.topic;
          const mine = !savedRefusal && refusedTopic === template.topic;
          return (
            <section
              key={template.topic}
              aria-labelledby={`template-${template.topic}-title`}
              className="rounded-xl border border-line bg-surface p-4"
            >
              <h2 id={`template-${template.topic}-title`} className="text-subheading font-bold">
                {label}
              </h2>
              <p className="text-small text-muted">
                {template.changed ? `Last changed by ${template.changed.by}, ${template.changed.at}.` : "As shipped."}
              </p>
              <Form method="post" className="mt-3 grid gap-4">
                <input type="hidden" name="intent" value="save" />
                <input type="hidden" name="topic" value={template.topic} />
                <TextField
                  name="subject"
                  label={labels.subject}
                  idPrefix={`template-${template.topic}`}
                  required
                  maxLength={templateFields.subject.max}
                  defaultValue={mine ? values.subject : template.subject}
                  error={mine ? errors.subject : undefined}
                />
                <TextArea
                  name="body"
                  label={labels.body}
                  idPrefix={`template-${template.topic}`}
                  required
                  rows={8}
                  maxLength={templateFields.body.max}
                  defaultValue={mine ? values.body : template.body}
                  error={mine ? errors.body : undefined}
                />
                <div>
                  <button type="submit" disabled={busy} className={buttonClass("secondary")}>
                    Save <span className="sr-only">the {label} template</span>
                  </button>
                </div>
              </Form>
              <h3 className="mt-6 font-bold">Saved replies</h3>
              {loaderData.saved.filter((reply) => reply.topic === template.topic).length === 0 ? (
                <p className="text-small text-muted">None yet: staff choose the template, or one added here.</p>
              ) : null}
              <ul className="mt-2 grid gap-2">
                {loaderData.saved
                  .filter((reply) => reply.topic === template.topic)
                  .map((reply) => (
                    <li key={reply.id}>
                      <SavedReplyForm
                        topic={template.topic}
                        reply={reply}
                        refused={savedRefusal && values.id === reply.id ? { errors, values } : undefined}
                        busy={busy}
                      />
                    </li>
                  ))}
              </ul>
              <SavedReplyForm
                topic={template.topic}
                refused={
                  savedRefusal && values.id === "" && refusedTopic === template.topic ? { errors, values } : undefined
                }
                busy={busy}
              />
            </section>
          );
        })}
      </div>
    </>
  );
}

/** One saved reply's form in a disclosure: changed or deleted; without `reply`, a new one added. */
function SavedReplyForm({
  topic,
  reply,
  refused,
  busy,
}: {
  topic: string;
  reply?: { id: string; name: string; subject: string; body: string; changed: { at: string; by: string } };
  refused?: { errors: Record<string, string>; values: Record<string, string> };
  busy: boolean;
}) {
  const prefix = reply ? `saved-${reply.id}` : `saved-new-${topic}`;
  const shown = refused?.values ?? reply;
  return (
    <details open={Boolean(refused)} className="rounded-lg border border-line p-3">
      <summary className="inline-flex tap-target cursor-pointer items-center font-semibold text-brand underline">
        {reply ? reply.name : "Add a saved reply"}
      </summary>
      {reply ? (
        <p className="text-small text-muted">
          Last changed by {reply.changed.by}, {reply.changed.at}.
        </p>
      ) : null}
      <Form method="post" className="mt-3 grid gap-4">
        <input type="hidden" name="intent" value="save-reply" />
        <input type="hidden" name="topic" value={topic} />
        <input type="hidden" name="id" value={reply?.id ?? ""} />
        <TextField
          name="name"
          label={savedLabels.name}
          idPrefix={prefix}
          required
          maxLength={savedReplyFields.name.max}
          defaultValue={shown?.name ?? ""}
          error={refused?.errors.name}
          hint="How staff find it in the list when they answer."
        />
        <TextField
          name="subject"
          label={savedLabels.subject}
          idPrefix={prefix}
          required
          maxLength={savedReplyFields.subject.max}
          defaultValue={shown?.subject ?? ""}
          error={refused?.errors.subject}
        />
        <TextArea
          name="body"
          label={savedLabels.body}
          idPrefix={prefix}
          required
          rows={6}
          maxLength={savedReplyFields.body.max}
          defaultValue={shown?.body ?? ""}
          error={refused?.errors.body}
        />
        <div className="flex flex-wrap gap-3">
          <button type="submit" disabled={busy} className={buttonClass("secondary")}>
            {reply ? "Save" : "Add"}{" "}
            <span className="sr-only">{reply ? `the saved reply ${reply.name}` : "the saved reply"}</span>
          </button>
        </div>
      </Form>
      {reply ? (
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="delete-reply" />
          <input type="hidden" name="id" value={reply.id} />
          <button type="submit" disabled={busy} className={buttonClass("secondary")}>
            Delete <span className="sr-only">the saved reply {reply.name}</span>
          </button>
        </Form>
      ) : null}
    </details>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary list={{ href: "/admin/queue", name: "today's work" }} />;
}
