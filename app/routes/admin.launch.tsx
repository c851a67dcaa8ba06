import { data, Form, Link, useNavigation } from "react-router";
import { ActionStatus } from "~/components/ui/action-status";
import { AdminErrorBoundary } from "~/components/ui/admin-error";
import { buttonClass } from "~/components/ui/button";
import { TextArea } from "~/components/ui/field";
import { launchChecklist, reviewClaim } from "~/content/checklist.server";
import { staffContext } from "~/features/auth/access.server";
import { actionDone, actionFailed, actionResult, refusedAnswers } from "~/lib/admin-action";
import { formatDateTime } from "~/lib/format";
import { formObject } from "~/lib/forms";
import { readForm } from "~/lib/request.server";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/admin.launch";

export async function loader({ context }: Route.LoaderArgs) {
  const staff = context.get(staffContext);
  return { ...(await launchChecklist()), canReview: staff.role === "owner" };
}

/** The longest note an owner writes on a claim's review. */
const noteMax = 1_000;

/** An owner marks one claim's current wording reviewed, with a note. */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = context.get(staffContext);
  const form = formObject(await readForm(request));
  if (staff.role !== "owner") throw data("Only an owner marks a claim reviewed.", { status: 403 });
  const where = typeof form.where === "string" ? form.where : "";
  const wording = typeof form.wording === "string" ? form.wording : "";
  const note = typeof form.note === "string" ? form.note.trim() : "";
  const values = { where, wording, note: note.slice(0, noteMax) };
  if (!note)
    return actionFailed("The claim was not marked reviewed: see the note.", 400, {
      errors: { note: "Write what was checked, and by whom" },
      values,
    });
  if (note.length > noteMax)
    return actionFailed("The claim was not marked reviewed: see the note.", 400, {
      errors: { note: `At most ${noteMax} characters` },
      values,
    });
  const recorded = await reviewClaim(staff, where, wording, note);
  if (!recorded)
    return actionFailed(
      "That wording is no longer what the site says: an editor changed it. Review the new wording below.",
      409,
      { values },
    );
  return actionDone(`Reviewed: “${wording}”.`);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Launch checklist",
    description: "What is still a placeholder, and which claims wait for review.",
    path: "/admin/launch",
    noindex: true,
  });

/**
 * What the company must still do before launch: each placeholder with where it is filled in, and
 * each claim with its review. `npm run content:check` prints the same list.
 */
export default function AdminLaunch({ loaderData, actionData }: Route.ComponentProps) {
  const { placeholders, claims, canReview } = loaderData;
  const busy = useNavigation().state !== "idle";
  const { errors, values } = refusedAnswers(actionData);
  const unreviewed = claims.filter((claim) => !claim.review);
  return (
    <>
      <h1 className="text-heading font-bold">Launch checklist</h1>
      <p className="mt-1 max-w-prose text-muted">
        {placeholders.length} placeholder{placeholders.length === 1 ? "" : "s"} and {unreviewed.length} claim
        {unreviewed.length === 1 ? "" : "s"} to review.
        {placeholders.length === 0 && unreviewed.length === 0 ? " Ready for launch." : ""}
      </p>
      <ActionStatus result={actionResult(actionData, null)} />
      <section aria-labelledby="placeholders-title" className="mt-8">
        <h2 id="placeholders-title" className="text-subheading font-bold">
          Placeholders
        </h2>
        {placeholders.length === 0 ? (
          <p className="mt-2">Nothing left to supply.</p>
        ) : (
          <ul className="mt-3 grid gap-3">
            {placeholders.map((line) => (
              // A file's path is one long word: it breaks anywhere rather than widen the page on a phone.
              <li
                key={`${line.file}:${line.where}`}
                className="rounded-lg border border-line bg-surface p-4 wrap-anywhere"
              >
                <p>{line.todo ?? "Something here is still a placeholder."}</p>
                <p className="text-small text-muted">
                  {line.item ? (
                    <Link to={`/admin/content/${line.item}`} className="inline-flex tap-target items-center underline">
                      Edit {line.itemLabel ?? line.where}
                    </Link>
                  ) : (
                    <>
                      In the site&apos;s code: <code>{line.file}</code> ({line.where})
                    </>
                  )}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="claims-title" className="mt-10">
        <h2 id="claims-title" className="text-subheading font-bold">
          Claims
        </h2>
        <p className="mt-1 max-w-prose text-muted">
          Every claim the site makes, as it reads now. {canReview ? "" : "Only an owner marks a wording reviewed. "}
          Editing a reviewed claim makes it a new wording, which waits for review again.
        </p>
        <ul className="mt-3 grid gap-3">
          {claims.map((claim, index) => {
            const mine = values.where === claim.where && values.wording === claim.text;
            const idPrefix = `claim-${index}`;
            return (
              <li key={`${claim.where}|${claim.text}`} className="rounded-lg border border-line bg-surface p-4">
                <p className="font-semibold">“{claim.text}”</p>
                <p className="text-small text-muted">
                  {claim.where}
                  {" · "}
                  <Link to={`/admin/content/${claim.item}`} className="underline">
                    Edit
                  </Link>
                </p>
                {claim.review ? (
                  <p className="mt-2">
                    Reviewed by {claim.review.by}, {formatDateTime(claim.review.at)}: {claim.review.note}
                  </p>
                ) : canReview ? (
                  <Form method="post" className="mt-3 grid gap-3">
                    <input type="hidden" name="where" value={claim.where} />
                    <input type="hidden" name="wording" value={claim.text} />
                    <TextArea
                      name="note"
                      label="Review note"
                      idPrefix={idPrefix}
                      rows={2}
                      required
                      maxLength={noteMax}
                      defaultValue={mine ? values.note : undefined}
                      error={mine ? errors.note : undefined}
                    />
                    <div>
                      <button type="submit" disabled={busy} className={buttonClass("secondary")}>
                        Mark reviewed <span className="sr-only">: {claim.text}</span>
                      </button>
                    </div>
                  </Form>
                ) : (
                  <p className="mt-2">Not reviewed.</p>
                )}
              </li>
            );
          })}
        </ul>
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary list={{ href: "/admin/content", name: "the site's content" }} />;
}
