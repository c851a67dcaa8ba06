import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { ErrorSummary, TextField } from "~/components/ui/field";
import { OutcomePanel } from "~/components/ui/outcome-panel";
import { fieldLabels } from "~/lib/form-fields";
import { passwordFields } from "./account-fields";
import { NewPasswordFields } from "./new-password-fields";

const labels = fieldLabels(passwordFields);

/** The notice after a password change: the page's own, shown once after its redirect. */
export const passwordChanged = {
  title: "Password changed",
  description: "Your other sessions were ended; this one goes on.",
};

/** A person's form to change their own password (password-change.server.ts checks it). */
export function PasswordChangeForm({
  username,
  minLength,
  errors,
  saving,
  changed,
}: {
  username: string;
  minLength: number;
  errors: Record<string, string>;
  saving: boolean;
  /** Show the notice that the password has just changed. */
  changed: boolean;
}) {
  return (
    <>
      <h2 className="mt-8 text-subheading font-bold">Change your password</h2>
      <p className="mt-2 text-muted">
        At least {minLength} characters; not one of the most common passwords, and not your username or the
        company&apos;s name. A password manager may fill it in. Your other sessions end when it changes.
      </p>
      {changed ? (
        <OutcomePanel tone="success" role="status" title={passwordChanged.title} focusOnArrival className="mt-4">
          <p>{passwordChanged.description}</p>
        </OutcomePanel>
      ) : null}
      <Form method="post" noValidate className="mt-6 space-y-5">
        <input type="hidden" name="intent" value="change-password" />
        <ErrorSummary errors={errors} labels={labels} idPrefix="account" />
        {/* The username, for a password manager to file the new password under. */}
        <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
        <TextField
          name="current"
          label={labels.current}
          idPrefix="account"
          type="password"
          required
          autoComplete="current-password"
          error={errors.current}
        />
        <NewPasswordFields labels={labels} errors={errors} idPrefix="account" />
        <button type="submit" disabled={saving} className={buttonClass("primary")}>
          {saving ? "Changing…" : "Change password"}
        </button>
      </Form>
    </>
  );
}
