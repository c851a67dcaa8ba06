import { data, redirect } from "react-router";
import { confirmWithinMs, staffContext } from "~/features/auth/access.server";
import { CodeForm } from "~/features/auth/code-form";
import { PasskeyButton } from "~/features/auth/passkey-button";
import { confirmIdentity } from "~/features/auth/second-step.server";
import { formObject } from "~/lib/forms";
import { forwardRetryAfter, readForm, retryAfterHeaders } from "~/lib/request.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/admin.confirm";

/**
 * Before an export, an erasure, deleting a review or changing an account, a person proves who they
 * are again if they have not in the last five minutes, and then goes back to what they were doing.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const staff = context.get(staffContext);
  return {
    withCode: staff.hasFactor,
    hasApp: staff.hasApp,
    hasPasskey: staff.hasPasskey,
    minutes: confirmWithinMs / 60_000,
    redirectTo: safeRedirect(new URL(request.url).searchParams.get("redirectTo")),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = context.get(staffContext);
  const form = formObject(await readForm(request));
  const answer = typeof form.code === "string" ? form.code : "";
  if (!answer.trim())
    return data({ error: staff.hasFactor ? "Enter the code from your app." : "Enter your password." }, { status: 400 });
  const result = await confirmIdentity(request, staff, answer);
  if (!result.ok) return data({ error: result.message }, { status: result.status, headers: retryAfterHeaders(result) });
  return redirect(safeRedirect(form.redirectTo), { status: 303, headers: { "Set-Cookie": result.cookie } });
}

export const headers = forwardRetryAfter;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Confirm it is you", description: "Staff account.", path: "/admin/confirm", noindex: true });

export default function AdminConfirm({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="confirm-title" className="max-w-md">
      <h1 id="confirm-title" className="text-heading font-bold">
        Confirm it is you
      </h1>
      <p className="mt-2 text-muted">
        Exports, erasing a person&apos;s data, deleting a review and account changes cannot be undone, so they need you
        to have proved who you are in the last {loaderData.minutes} minutes. After this you go straight back.
      </p>
      {loaderData.hasPasskey ? (
        <PasskeyButton
          purpose="confirm"
          redirectTo={loaderData.redirectTo}
          label="Confirm with a passkey"
          className="mt-6"
        />
      ) : null}
      {loaderData.withCode ? (
        <CodeForm
          idPrefix="confirm"
          redirectTo={loaderData.redirectTo}
          error={actionData?.error}
          submit="Confirm"
          {...(loaderData.hasApp
            ? {}
            : { label: "A recovery code", hint: "One of the ten codes you saved; each works once." })}
        />
      ) : (
        <CodeForm
          idPrefix="confirm"
          redirectTo={loaderData.redirectTo}
          error={actionData?.error}
          submit="Confirm"
          label="Your password"
          hint="The password you sign in with."
          password
        />
      )}
    </section>
  );
}
