import { Form, useNavigation } from "react-router";
import { ActionStatus } from "~/components/ui/action-status";
import { AdminErrorBoundary } from "~/components/ui/admin-error";
import { buttonClass } from "~/components/ui/button";
import { ErrorSummary, TextArea, TextField } from "~/components/ui/field";
import { templateTopics } from "~/content/replies";
import { staffContext } from "~/features/auth/access.server";
import { allTemplates, saveTemplate } from "~/features/leads/replies.server";
import { templateFields } from "~/features/leads/fields";
import { TemplateSchema } from "~/features/leads/reply-schema";
import { actionDone, actionResult, answerIntent, intent, refusedAnswers } from "~/lib/admin-action";
import { fieldLabels } from "~/lib/form-fields";
import { readForm } from "~/lib/request.server";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/admin.templates";

export async function loader() {
  return { templates: await allTemplates() };
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

/**
 * The text each reply starts from, per topic (docs/requirements.md §4.8). One form per topic, so
 * saving one never overwrites another that someone else is editing.
 */
export default function AdminTemplates({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const { errors, values } = refusedAnswers(actionData);
  const refusedTopic = values.topic;
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
          <ErrorSummary errors={errors} labels={labels} idPrefix={`template-${refusedTopic ?? ""}`} />
        </div>
      ) : null}
      <div className="mt-6 grid gap-6">
        {loaderData.templates.map((template) => {
          const label = templateTopics.find((t) => t.value === template.topic)?.label ?? template.topic;
          const mine = refusedTopic === template.topic;
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
            </section>
          );
        })}
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary list={{ href: "/admin/queue", name: "today's work" }} />;
}
