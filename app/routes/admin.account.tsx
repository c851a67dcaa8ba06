import { data, Form, redirect, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { ErrorSummary, TextField } from "~/components/ui/field";
import { OutcomePanel } from "~/components/ui/outcome-panel";
import { staffContext } from "~/features/auth/auth.server";
import { changeOwnPassword } from "~/features/auth/password-change.server";
import { minPasswordLength } from "~/features/auth/password-policy.server";
import type { NoticeHandle } from "~/lib/flash";
import { readFlash, setFlash } from "~/lib/flash.server";
import { defineFields, fieldLabels } from "~/lib/form-fields";
import { formObject } from "~/lib/forms";
import { forwardRetryAfter, readForm, retryAfterHeaders } from "~/lib/request.server";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/admin.account";

const passwordFields = defineFields({
  current: { label: "Current password" },
  password: { label: "New password" },
  confirm: { label: "New password again" },
});
const labels = fieldLabels(passwordFields);

const changed = { title: "Password changed", description: "Your other sessions were ended; this one goes on." };

export function loader({ request, context }: Route.LoaderArgs) {
  return {
    username: context.get(staffContext).username,
    minLength: minPasswordLength,
    changed: readFlash(request)?.key === "password-changed",
  };
}

/** The form posts here with or without JavaScript; a change answers with a redirect and its notice. */
export async function action({ request, context }: Route.ActionArgs) {
  const result = await changeOwnPassword(request, context.get(staffContext), formObject(await readForm(request)));
  if (result.ok)
    return redirect("/admin/account", { status: 303, headers: { "Set-Cookie": setFlash("password-changed") } });
  return data({ errors: result.errors }, { status: result.status, headers: retryAfterHeaders(result) });
}

export const handle: NoticeHandle = { notices: { "password-changed": () => changed } };
export const headers = forwardRetryAfter;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Your account", description: "Staff account.", path: "/admin/account", noindex: true });

/** A person's own account: today, their password. */
export default function AdminAccount({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formAction === "/admin/account";
  const errors = actionData?.errors ?? {};
  return (
    <section aria-labelledby="account-title" className="max-w-xl">
      <h1 id="account-title" className="text-heading font-bold">
        Your account
      </h1>
      <p className="mt-2 text-muted">
        Signed in as <strong className="text-ink">{loaderData.username}</strong>.
      </p>
      <h2 className="mt-8 text-subheading font-bold">Change your password</h2>
      <p className="mt-2 text-muted">
        At least {loaderData.minLength} characters; not one of the most common passwords, and not your username or the
        company&apos;s name. A password manager may fill it in. Your other sessions end when it changes.
      </p>
      {loaderData.changed && !actionData ? (
        <OutcomePanel tone="success" role="status" title={changed.title} focusOnArrival className="mt-4">
          <p>{changed.description}</p>
        </OutcomePanel>
      ) : null}
      <Form method="post" noValidate className="mt-6 space-y-5">
        <ErrorSummary errors={errors} labels={labels} idPrefix="account" />
        {/* The username, for a password manager to file the new password under. */}
        <input type="text" name="username" autoComplete="username" value={loaderData.username} readOnly hidden />
        <TextField
          name="current"
          label={labels.current}
          idPrefix="account"
          type="password"
          required
          autoComplete="current-password"
          error={errors.current}
        />
        <TextField
          name="password"
          label={labels.password}
          idPrefix="account"
          type="password"
          required
          autoComplete="new-password"
          error={errors.password}
        />
        <TextField
          name="confirm"
          label={labels.confirm}
          idPrefix="account"
          type="password"
          required
          autoComplete="new-password"
          error={errors.confirm}
        />
        <button type="submit" disabled={saving} className={buttonClass("primary")}>
          {saving ? "Changing…" : "Change password"}
        </button>
      </Form>
    </section>
  );
}
