import { Form, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";

/**
 * The one field a second factor is typed into: a code from the authenticator app or a recovery
 * code. `one-time-code` lets the browser or a password manager fill it; digits and letters are
 * both allowed, so no numeric keyboard is forced on a recovery code.
 */
export function CodeForm({
  idPrefix,
  redirectTo,
  error,
  submit,
  label = "Code from your authenticator app, or a recovery code",
  hint = "Six digits from the app (a new one every 30 seconds), or one of your recovery codes, like 7k3qm-x9p2d.",
  password = false,
}: {
  idPrefix: string;
  redirectTo: string;
  error?: string;
  submit: string;
  label?: string;
  hint?: string;
  /** A moderator without a second factor confirms with their password instead. */
  password?: boolean;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" noValidate className="mt-6 space-y-5">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <TextField
        name="code"
        label={label}
        hint={hint}
        idPrefix={idPrefix}
        required
        error={error}
        {...(password
          ? { type: "password", autoComplete: "current-password" }
          : { autoComplete: "one-time-code", spellCheck: false, autoCapitalize: "off", maxLength: 20 })}
      />
      <button type="submit" disabled={busy} className={buttonClass("primary", "w-full")}>
        {submit}
      </button>
    </Form>
  );
}
