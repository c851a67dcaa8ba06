import { data, Form, redirect, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { ErrorSummary } from "~/components/ui/field";
import { acceptInvitation, openInvitation } from "~/features/auth/invitations.server";
import { expiredInvitationMessage } from "~/features/auth/invitations";
import { NewPasswordFields } from "~/features/auth/new-password-fields";
import { minPasswordLength } from "~/features/auth/password-policy.server";
import { signIn } from "~/features/auth/sign-in.server";
import { setCookieHeaders } from "~/lib/cookies.server";
import { formObject } from "~/lib/forms";
import { readForm } from "~/lib/request.server";
import { seo } from "~/lib/seo";
import { roleNames } from "~/lib/staff";
import type { Route } from "./+types/admin.invite";

const labels = { password: "Choose a password", confirm: "The password again" };

export async function loader({ params }: Route.LoaderArgs) {
  const invitation = await openInvitation(params.token);
  if (!invitation) return { invitation: null, minLength: minPasswordLength };
  return {
    invitation: {
      username: invitation.username,
      role: roleNames[invitation.role],
      invitedBy: invitation.invitedBy,
      // A link to choose a new password for an account that exists, rather than an invitation.
      newPassword: invitation.accountId !== null,
    },
    minLength: minPasswordLength,
  };
}

/**
 * The person's account is made with the password they chose (or, from a password link, gets it);
 * they are signed in and go on to their second factor, to set up or to prove.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = formObject(await readForm(request));
  const result = await acceptInvitation(params.token, form);
  if (!result.ok) return data({ errors: result.errors }, { status: result.status });
  const signedIn = await signIn(request, result.username, String(form.password), context.clientIp ?? "unknown");
  if (!signedIn.ok) return redirect("/admin/login", 303);
  const next = signedIn.next ? `/admin/${signedIn.next}` : "/admin";
  return redirect(next, { status: 303, headers: setCookieHeaders(signedIn.cookie, signedIn.deviceCookie) });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Your staff account", description: "Staff invitation.", path: "/admin/invite", noindex: true });

export default function AdminInvite({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const errors = actionData?.errors ?? {};
  const { invitation } = loaderData;
  return (
    <div className="container-page flex justify-center py-16">
      <div className="w-full max-w-md rounded-2xl border border-line bg-surface p-8 shadow-sm">
        <h1 className="text-heading font-bold">{invitation?.newPassword ? "A new password" : "Your staff account"}</h1>
        {invitation ? (
          <>
            <p className="mt-2 text-muted">
              {invitation.newPassword ? (
                <>
                  For <strong className="text-ink">{invitation.username}</strong> ({invitation.role}). Your sessions end
                  when it is set; your second factor stays.
                </>
              ) : (
                <>
                  {invitation.invitedBy} invited you as <strong className="text-ink">{invitation.username}</strong> (
                  {invitation.role}).
                </>
              )}{" "}
              Choose a password of at least {loaderData.minLength} characters: not a common one, and not your username
              or the company&apos;s name. A password manager may make one for you.
            </p>
            <Form method="post" noValidate className="mt-6 space-y-5">
              <ErrorSummary errors={errors} labels={labels} idPrefix="invite" />
              <input type="text" name="username" autoComplete="username" value={invitation.username} readOnly hidden />
              <NewPasswordFields labels={labels} errors={errors} idPrefix="invite" />
              <button type="submit" disabled={busy} className={buttonClass("primary", "w-full")}>
                {invitation.newPassword ? "Set my new password" : "Create my account"}
              </button>
            </Form>
          </>
        ) : (
          <p role="alert" className="mt-4">
            {expiredInvitationMessage}
          </p>
        )}
      </div>
    </div>
  );
}
