import { data, Form, Link, useNavigation } from "react-router";
import { ActionStatus } from "~/components/ui/action-status";
import { AdminErrorBoundary } from "~/components/ui/admin-error";
import { OutcomePanel } from "~/components/ui/outcome-panel";
import { buttonClass } from "~/components/ui/button";
import { contentItem } from "~/content/items";
import { staffContext } from "~/features/auth/access.server";
import { takeRequestHeldPost } from "~/features/auth/held-posts.server";
import { answerItemPost, itemPage, type ItemAnswer } from "~/features/content/edit.server";
import type { Echo } from "~/features/content/echoes.server";
import { formSchemaOf, formValueOf } from "~/features/content/form-schema";
import { errorLabels, SchemaFields } from "~/features/content/schema-form";
import { ErrorSummary } from "~/components/ui/field";
import { MAX_LONG_FORM_FIELDS, readForm } from "~/lib/request.server";
import { formatDateTime } from "~/lib/format";
import { pagePathOf } from "~/lib/route-data-url";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/admin.content-item";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  // A form posted here after the session ended was held while its person signed in again: the
  // page shows it once, filled and not saved (docs/staff.md, "Sessions").
  const path = pagePathOf(new URL(request.url).pathname);
  const held = await takeRequestHeldPost(request, path, context.get(staffContext), "content");
  const page = await itemPage(params.key, held.form);
  return held.cookie ? data(page, { headers: { "Set-Cookie": held.cookie } }) : page;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return answerItemPost(
    params.key,
    await readForm(request, { maxFields: MAX_LONG_FORM_FIELDS }),
    context.get(staffContext),
  );
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seo(matches, {
    title: loaderData ? `Edit: ${loaderData.title}` : "Edit content",
    description: "Edit, preview and publish one piece of the site's content.",
    path: "/admin/content",
    noindex: true,
  });

/** An answer that refused, with what was typed (the form is drawn again from it). */
function refusal(actionData: unknown): Extract<ItemAnswer, { ok: false }> | undefined {
  return typeof actionData === "object" && actionData !== null && (actionData as ItemAnswer).ok === false
    ? (actionData as Extract<ItemAnswer, { ok: false }>)
    : undefined;
}

/**
 * The values this item's draft (or last publish) changed that other items still write the old way:
 * each with the words around it there, and a link to that item.
 */
function Echoes({ echoes }: { echoes: { ofDraft: boolean; list: Echo[] } }) {
  if (echoes.list.length === 0) return null;
  return (
    <section aria-labelledby="echoes-title" className="mt-4 rounded-lg border-2 border-line bg-surface p-4">
      <h2 id="echoes-title" className="font-bold">
        {echoes.ofDraft
          ? "Your draft changes words other items also use"
          : "Other items still use the words you changed"}
      </h2>
      <p className="mt-2 max-w-prose">
        Each page says what its own item says. Where the old words below state the same fact, change them there too.
      </p>
      <ul className="mt-3 grid gap-4">
        {echoes.list.map((echo) => (
          <li key={echo.before}>
            <p>
              “{echo.before}” {echoes.ofDraft ? "becomes" : "became"} “{echo.after}”. Still written as before in:
            </p>
            <ul className="mt-2 grid gap-2 pl-5">
              {echo.places.map((place) => (
                <li key={place.key} className="list-disc">
                  <Link to={`/admin/content/${place.key}`} className="inline-flex tap-target items-center underline">
                    {place.title}
                  </Link>{" "}
                  ({place.count === 1 ? "once" : `${place.count} times`})
                  <ul className="text-muted">
                    {place.snippets.map((text, index) => (
                      <li key={index}>{text}</li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * One content item: its form (the draft if there is one, else what is published), the buttons
 * that save, preview and publish it, and every version published, each of which can be restored.
 */
export default function AdminContentItem({ loaderData, actionData }: Route.ComponentProps) {
  const { key, title, pages, state, versions } = loaderData;
  const busy = useNavigation().state !== "idle";
  const refused = refusal(actionData);
  // After an answer, the form is drawn from it; before any, from a held post when there is one.
  const held = actionData ? undefined : loaderData.held;
  const item = contentItem(key);
  if (!item) return null;
  const schema = formSchemaOf(item.schema);
  const value =
    refused?.value !== undefined ? refused.value : (held?.value ?? formValueOf(item.schema, loaderData.value));
  const edition = refused?.edition ?? held?.edition ?? state.edition;
  const status: ItemAnswer | undefined = actionData as ItemAnswer | undefined;
  const conflictLabels = refused?.conflict
    ? errorLabels(schema, Object.fromEntries(refused.conflict.fields.map((field) => [field.path, ""])))
    : {};
  return (
    <>
      <p>
        <Link to="/admin/content" className="inline-flex tap-target items-center underline">
          All content
        </Link>
      </p>
      <h1 className="text-heading font-bold">{title}</h1>
      <p className="mt-1 max-w-prose text-muted">
        Published version {state.published.version}, by {state.published.by}, {formatDateTime(state.published.at)}.{" "}
        {state.draft
          ? `A draft saved by ${state.draft.by}, ${formatDateTime(state.draft.at)}, is not published yet.`
          : "No unpublished draft."}{" "}
        Shown on {pages.join(", ")}.
      </p>
      {status && status.message ? (
        <ActionStatus
          result={status.ok ? status : { ok: false, message: status.message, errors: status.errors, values: {} }}
        />
      ) : null}
      {held ? (
        // Met first on arrival, with or without JavaScript: what is in the form is not saved yet.
        <OutcomePanel
          tone="notice"
          role="status"
          title={held.message}
          focusOnArrival
          focusWhen={held}
          className="mt-4"
        />
      ) : null}
      <Echoes echoes={loaderData.echoes} />
      {refused?.conflict ? (
        <section
          aria-labelledby="conflict-title"
          className="mt-4 rounded-lg border-2 border-warning bg-warning-soft p-4"
        >
          <h2 id="conflict-title" className="font-bold">
            Changed by {refused.conflict.by}, {formatDateTime(refused.conflict.at)}
          </h2>
          {refused.conflict.fields.length ? (
            <>
              <p className="mt-2">Where their version differs from yours:</p>
              <ul className="mt-2 list-disc pl-5">
                {refused.conflict.fields.map((field) => (
                  <li key={field.path}>
                    {conflictLabels[field.path] ?? field.path}:{" "}
                    {field.theirs === null ? "not in their version" : `theirs reads “${field.theirs}”`}
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p className="mt-2">Their version reads the same as yours.</p>
          )}
          <p className="mt-2">
            Saving or publishing now replaces their version with the form below. To keep their change, add it to the
            form first, or{" "}
            <Link to={`/admin/content/${key}`} reloadDocument className="inline-flex tap-target items-center underline">
              start again from their version
            </Link>
            .
          </p>
        </section>
      ) : null}
      {refused && Object.keys(refused.errors).length ? (
        <div className="mt-4">
          <ErrorSummary
            errors={refused.errors}
            labels={errorLabels(schema, refused.errors)}
            idPrefix={`content-${key}`}
          />
        </div>
      ) : null}
      <Form method="post" className="mt-6 grid gap-6" noValidate>
        <input type="hidden" name="edition" value={edition} />
        <SchemaFields
          schema={schema}
          value={value}
          errors={refused?.errors ?? {}}
          arranged={refused?.arranged}
          idPrefix={`content-${key}`}
          uploads={loaderData.uploads}
        />
        <div className="flex flex-wrap gap-3">
          <button type="submit" name="intent" value="save" disabled={busy} className={buttonClass("secondary")}>
            Save draft
          </button>
          <button type="submit" name="intent" value="preview" disabled={busy} className={buttonClass("secondary")}>
            Save and preview
          </button>
          <button type="submit" name="intent" value="publish" disabled={busy} className={buttonClass("primary")}>
            Publish
          </button>
        </div>
      </Form>
      {state.draft ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="edition" value={edition} />
          <button type="submit" name="intent" value="discard" disabled={busy} className={buttonClass("quiet")}>
            Discard the draft
          </button>
        </Form>
      ) : null}
      <section aria-labelledby="versions-title" className="mt-10">
        <h2 id="versions-title" className="text-subheading font-bold">
          Versions
        </h2>
        <ol className="mt-3 grid gap-3">
          {versions.map((version) => (
            <li key={version.version} className="flex flex-wrap items-center gap-3 rounded-lg border border-line p-3">
              <span>
                <strong>Version {version.version}</strong>, by {version.by}, {formatDateTime(version.at)}
                {version.restoredFrom ? ` (restored from version ${version.restoredFrom})` : ""}
                {version.version === state.published.version ? " — published now" : ""}
              </span>
              {version.version === state.published.version ? null : (
                <Form method="post">
                  <input type="hidden" name="edition" value={edition} />
                  <input type="hidden" name="version" value={version.version} />
                  <button type="submit" name="intent" value="restore" disabled={busy} className={buttonClass("quiet")}>
                    Restore <span className="sr-only">version {version.version}</span>
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary list={{ href: "/admin/content", name: "the site's content" }} />;
}
