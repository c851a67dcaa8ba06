import { data, Form, redirect } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { sessionAtStep } from "~/features/auth/access.server";
import { CodeForm } from "~/features/auth/code-form";
import { PasskeyButton } from "~/features/auth/passkey-button";
import { completeSecondStep } from "~/features/auth/second-step.server";
import { setCookieHeaders } from "~/lib/cookies.server";
import { setFlash } from "~/lib/flash.server";
import { formObject } from "~/lib/forms";
import { forwardRetryAfter, readForm, retryAfterHeaders } from "~/lib/request.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/admin.verify";

/** Only a session that has its password and still owes its code comes here; anyone else is sent on. */
async function pendingSession(request: Request) {
  const { session, step, redirectTo } = await sessionAtStep(request, "verify");
  if (!step) throw redirect(redirectTo);
  return { session, redirectTo };
}

export async function loader({ request }: Route.LoaderArgs) {
  const { session, redirectTo } = await pendingSession(request);
  return { username: session.username, redirectTo, hasApp: session.hasApp, hasPasskey: session.hasPasskey };
}

export async function action({ request }: Route.ActionArgs) {
  const { session } = await pendingSession(request);
  const form = formObject(await readForm(request));
  const code = typeof form.code === "string" ? form.code : "";
  if (!code.trim()) return data({ error: "Enter the code from your app, or a recovery code." }, { status: 400 });
  const result = await completeSecondStep(request, session, code);
  if (!result.ok) return data({ error: result.message }, { status: result.status, headers: retryAfterHeaders(result) });
  const headers = setCookieHeaders(result.cookie, result.deviceCookie, setFlash("signed-in"));
  return redirect(safeRedirect(form.redirectTo), { status: 303, headers });
}

export const headers = forwardRetryAfter;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Second step", description: "Staff sign-in.", path: "/admin/verify", noindex: true });

/** The second step of a sign-in; works without JavaScript. */
export default function AdminVerify({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="container-page flex justify-center py-16">
      <div className="w-full max-w-md rounded-2xl border border-line bg-surface p-8 shadow-sm">
        <h1 className="text-heading font-bold">Second step</h1>
        <p className="mt-2 text-muted">
          Your password was right, <strong className="text-ink">{loaderData.username}</strong>.{" "}
          {loaderData.hasApp
            ? "Open your authenticator app and type the code it shows for Aquila staff."
            : "Use your passkey, or type one of your recovery codes."}
        </p>
        {loaderData.hasPasskey ? (
          <PasskeyButton
            purpose="second-step"
            redirectTo={loaderData.redirectTo}
            label="Use a passkey"
            className="mt-6"
          />
        ) : null}
        <CodeForm
          idPrefix="verify"
          redirectTo={loaderData.redirectTo}
          error={actionData?.error}
          submit="Continue"
          {...(loaderData.hasApp
            ? {}
            : { label: "A recovery code", hint: "One of the ten codes you saved, like 7k3qm-x9p2d. Each works once." })}
        />
        <p className="mt-6 text-muted">
          No app and no recovery code? An owner can reset your second factor; then you set it up again here.
        </p>
        <Form method="post" action="/admin/logout" className="mt-4">
          <button type="submit" className={buttonClass("secondary")}>
            Cancel and sign out
          </button>
        </Form>
      </div>
    </div>
  );
}
