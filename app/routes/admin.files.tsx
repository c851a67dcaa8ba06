import { Form, Link, useNavigation } from "react-router";
import { ActionStatus } from "~/components/ui/action-status";
import { AdminErrorBoundary } from "~/components/ui/admin-error";
import { buttonClass } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { staffContext } from "~/features/auth/access.server";
import { tooLargeMessage } from "~/lib/uploads/check.server";
import { listUploads, storeUpload } from "~/lib/uploads/uploads.server";
import { pdfAddress, photoAddress, type UploadKind, uploadLimits } from "~/lib/uploads/refs";
import { readUploadBody } from "~/lib/uploads/upload-body.server";
import { uploadTurns } from "~/lib/uploads/upload-turns.server";
import type { Staff } from "~/lib/staff";
import { actionDone, actionFailed, actionResult, refusedAnswers } from "~/lib/admin-action";
import { formatDateTime, formatFileSize } from "~/lib/format";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/admin.files";

export async function loader() {
  return { uploads: await listUploads() };
}

const kinds: Record<UploadKind, { title: string; accept: string; hint: string; where: string }> = {
  manual: {
    title: "Upload a manual",
    accept: "application/pdf,.pdf",
    hint: `A PDF of up to ${uploadLimits.manual / 1024 / 1024} MB, with no JavaScript, attached files or password.`,
    where: "Choose it for a guide under Content, User guides.",
  },
  photo: {
    title: "Upload a photo",
    accept: "image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp",
    hint: `A JPEG, PNG or WebP photo of up to ${uploadLimits.photo / 1024 / 1024} MB. Camera details and the place it was taken are not kept.`,
    where: "Choose it in an owner's or a case study's photo field, with its alternative text.",
  },
};

function isKind(value: unknown): value is UploadKind {
  return value === "manual" || value === "photo";
}

/** An editor or owner uploads one manual or photo: checked by its bytes, resized, stored. */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = context.get(staffContext);
  const turn = await uploadTurns.take(() => receive(request, staff));
  if (!turn.ok)
    return actionFailed(
      "The file was not uploaded: other files are being uploaded just now. Try again in a moment.",
      503,
      {},
      { "Retry-After": "5" },
    );
  return turn.value;
}

/** Reads the upload and stores it: in a turn, so only a few are in memory at once. */
async function receive(request: Request, staff: Staff) {
  const body = await readUploadBody(request, (fields) => (isKind(fields.kind) ? fields.kind : undefined));
  if (!body.ok) return actionFailed(body.message, body.status);
  const kind = body.fields.kind;
  if (!isKind(kind)) return actionFailed("Choose whether the file is a manual or a photo.", 400);
  const values = { kind };
  const refuse = (message: string, status = 400) =>
    actionFailed(`The file was not uploaded: ${message}`, status, { errors: { [`${kind}-file`]: message }, values });
  if (!body.file) return refuse("Choose a file to upload.");
  if (body.file.tooLarge) return refuse(tooLargeMessage(kind), 413);
  const stored = await storeUpload(staff, kind, body.file.name, body.file.bytes);
  if (!stored.ok) return refuse(stored.message, 422);
  const { upload } = stored;
  const what = `${upload.name} (${formatFileSize(upload.size)}${upload.width ? `, ${upload.width} × ${upload.height} pixels` : ""})`;
  return actionDone(
    stored.already ? `${what} was already uploaded. ${kinds[kind].where}` : `Uploaded ${what}. ${kinds[kind].where}`,
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Files",
    description: "Manuals and photos for the site's pages.",
    path: "/admin/files",
    noindex: true,
  });

/** The manuals and photos editors upload, and the forms that upload them. */
export default function AdminFiles({ loaderData, actionData }: Route.ComponentProps) {
  const { uploads } = loaderData;
  const navigation = useNavigation();
  const { errors, values } = refusedAnswers(actionData);
  const busyKind = navigation.state === "submitting" ? navigation.formData?.get("kind") : undefined;
  return (
    <>
      <h1 className="text-heading font-bold">Files</h1>
      <p className="mt-1 max-w-prose text-muted">
        Manuals and photos for the site&apos;s pages. A file is checked by what it contains, not by its name. It appears
        on the site only once a published item uses it.
      </p>
      <ActionStatus result={actionResult(actionData, null)} />
      <div className="mt-8 grid gap-8 md:grid-cols-2">
        {(Object.keys(kinds) as UploadKind[]).map((kind) => {
          const spec = kinds[kind];
          const busy = busyKind === kind;
          return (
            <section
              key={kind}
              aria-labelledby={`${kind}-upload-title`}
              className="rounded-lg border border-line bg-surface p-4"
            >
              <h2 id={`${kind}-upload-title`} className="text-subheading font-bold">
                {spec.title}
              </h2>
              <Form method="post" encType="multipart/form-data" className="mt-3 grid gap-4">
                {/* Before the file: the server reads it first, to know the file's limit. */}
                <input type="hidden" name="kind" value={kind} />
                <TextField
                  // Keyed by the answer: a refused file is chosen again, never kept by the browser.
                  key={values.kind === kind ? JSON.stringify(errors) : kind}
                  type="file"
                  name="file"
                  idPrefix={kind}
                  label="File"
                  accept={spec.accept}
                  required
                  hint={spec.hint}
                  error={values.kind === kind ? errors[`${kind}-file`] : undefined}
                />
                <div>
                  <button type="submit" className={buttonClass("primary")} disabled={busy}>
                    {busy ? "Uploading…" : "Upload"}
                  </button>
                </div>
              </Form>
            </section>
          );
        })}
      </div>
      <section aria-labelledby="uploads-title" className="mt-10">
        <h2 id="uploads-title" className="text-subheading font-bold">
          Uploaded files
        </h2>
        {uploads.length === 0 ? (
          <p className="mt-2">Nothing uploaded yet.</p>
        ) : (
          <ul className="mt-3 grid gap-3">
            {uploads.map((upload) => (
              <li
                key={upload.id}
                className="flex flex-wrap items-center gap-4 rounded-lg border border-line bg-surface p-4 wrap-anywhere"
              >
                {upload.kind === "photo" && upload.widths.length > 0 ? (
                  <img
                    src={photoAddress(upload, upload.widths[0]!, "webp")}
                    alt=""
                    width={80}
                    height={Math.round((80 * (upload.height ?? 1)) / (upload.width ?? 1))}
                    className="h-auto w-20 rounded-md"
                  />
                ) : null}
                <div className="min-w-0 flex-1">
                  <p className="font-semibold">
                    {upload.kind === "manual" ? (
                      <a href={pdfAddress(upload)} className="inline-flex tap-target items-center underline">
                        {upload.name}
                      </a>
                    ) : (
                      upload.name
                    )}
                  </p>
                  <p className="text-small text-muted">
                    {upload.kind === "manual"
                      ? `Manual, PDF, ${upload.pages ?? 0} page${upload.pages === 1 ? "" : "s"}`
                      : `Photo, ${upload.width} × ${upload.height} pixels`}
                    {", "}
                    {formatFileSize(upload.size)} · {upload.uploadedBy}, {formatDateTime(upload.uploadedAt)}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
        <p className="mt-4">
          <Link to="/admin/content" className="inline-flex tap-target items-center underline">
            Go to the content
          </Link>
        </p>
      </section>
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
