import { useEffect, useState } from "react";
import { data, Form, redirect, useNavigation, useSearchParams } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { ErrorSummary, TextField } from "~/components/ui/field";
import { toast } from "~/components/ui/toast";
import { builtInUsername } from "~/features/auth/account-creation.server";
import { hasHeldPosts } from "~/features/auth/held-posts.server";
import { getStaff } from "~/features/auth/sessions.server";
import { signIn, signInFailedMessage, signInFailureId, type SignInResult } from "~/features/auth/sign-in.server";
import { AdminPasswordSchema, LoginSchema } from "~/features/auth/schema";
import { adminSectionAddress } from "~/features/reviews/outcomes";
import { safeRedirect } from "~/lib/safe-redirect";
import { setCookieHeaders } from "~/lib/cookies.server";
import { flashUnique, setFlash } from "~/lib/flash.server";
import { forwardRetryAfter, readForm, retryAfterHeaders } from "~/lib/request.server";
import { seo } from "~/lib/seo";
import { PasskeyButton, usePasskeyAutofill } from "~/features/auth/passkey-button";
import { fieldErrorsOf } from "~/lib/zod";
import type { Route } from "./+types/admin.login";

export async function loader({ request }: Route.LoaderArgs) {
  const staff = await getStaff(request);
  if (staff) throw redirect(safeRedirect(new URL(request.url).searchParams.get("redirectTo")));
  // A form sent after the session ended is held: the person is told so before signing in again.
  return { held: hasHeldPosts(request) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await readForm(request));
  // The reviews page's password box signs in here too, and goes back to its section either way.
  if (form.returnTo !== undefined) return signInFromBox(request, form, context.clientIp ?? "unknown");
  const parsed = LoginSchema.safeParse(form);
  const username = typeof form.username === "string" ? form.username : "";
  if (!parsed.success) {
    return data({ errors: fieldErrorsOf(parsed.error), message: null, username }, { status: 400 });
  }
  const result = await signIn(request, parsed.data.username, parsed.data.password, context.clientIp ?? "unknown");
  if (!result.ok) {
    const headers = retryAfterHeaders(result);
    return data(
      { errors: {} as Record<string, string>, message: result.message, username },
      { status: result.status, headers },
    );
  }
  const redirectTo = safeRedirect(form.redirectTo);
  // An account that must use a second factor has only its password so far: the second step comes first.
  if (result.next)
    return redirect(`/admin/${result.next}?redirectTo=${encodeURIComponent(redirectTo)}`, {
      status: 303,
      headers: { "Set-Cookie": result.cookie },
    });
  const headers = setCookieHeaders(result.cookie, result.deviceCookie, setFlash("signed-in"));
  return redirect(redirectTo, { status: 303, headers });
}

/**
 * The password of the built-in account, from the box on /testimonials: the outcome travels back as
 * a one-time notice, so the page draws it the same with or without JavaScript.
 */
async function signInFromBox(request: Request, form: Record<string, FormDataEntryValue>, clientIp: string) {
  const returnTo = safeRedirect(form.returnTo, adminSectionAddress);
  const parsed = AdminPasswordSchema.safeParse(form);
  const result: SignInResult = parsed.success
    ? await signIn(request, builtInUsername, parsed.data.password, clientIp)
    : { ok: false, status: 401, message: signInFailedMessage };
  const headers = result.ok
    ? setCookieHeaders(result.cookie, result.deviceCookie)
    : new Headers(retryAfterHeaders(result));
  headers.append(
    "Set-Cookie",
    result.ok ? setFlash("admin-access") : setFlash("admin-denied", signInFailureId(result, flashUnique())),
  );
  return redirect(returnTo, { status: 303, headers });
}

export const headers = forwardRetryAfter;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Admin Login", description: "Staff sign-in.", path: "/admin/login", noindex: true });

/** The form posts to this route's action, with or without JavaScript; the landing page greets the staff member. */
export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const redirectTo = safeRedirect(params.get("redirectTo"));
  const navigation = useNavigation();
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const errors = clientErrors ?? actionData?.errors ?? {};
  const [passkeyError, setPasskeyError] = useState<string | null>(null);
  const message = clientErrors ? null : (passkeyError ?? actionData?.message ?? null);
  usePasskeyAutofill(redirectTo, setPasskeyError);
  const signingIn = navigation.state !== "idle" && navigation.formAction?.startsWith("/admin/login");

  useEffect(() => {
    if (actionData?.message)
      toast({
        variant: "error",
        title: "Login failed",
        description: actionData.message || "Invalid username or password",
      });
  }, [actionData]);

  // Mistakes are shown before anything is sent; the action checks again either way.
  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const parsed = LoginSchema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
    if (parsed.success) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    setClientErrors(fieldErrorsOf(parsed.error));
  }

  return (
    <div className="container-page flex justify-center py-16">
      <div className="w-full max-w-md rounded-2xl border border-line bg-surface p-8 shadow-sm">
        <h1 className="text-heading font-bold">Admin Login</h1>
        <p className="mt-2 text-muted">For Aquila staff: moderate reviews and answer messages.</p>
        {loaderData?.held ? (
          <p role="status" className="mt-4 rounded-lg border border-warning bg-warning-soft p-3">
            Your session had ended, so what you sent was not saved. It is kept: sign in again and the page shows it,
            ready to save.
          </p>
        ) : null}
        {message ? (
          <p role="alert" className="mt-4 rounded-lg border-2 border-danger bg-danger-soft p-3">
            <strong>Login failed.</strong> {message}
          </p>
        ) : null}
        <Form method="post" noValidate onSubmit={onSubmit} className="mt-6 space-y-5">
          <ErrorSummary errors={errors} labels={{ username: "Username", password: "Password" }} idPrefix="login" />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <TextField
            name="username"
            label="Username"
            idPrefix="login"
            required
            autoComplete="username webauthn"
            defaultValue={actionData?.username}
            error={errors.username}
          />
          <TextField
            name="password"
            label="Password"
            idPrefix="login"
            type="password"
            required
            autoComplete="current-password"
            error={errors.password}
          />
          <button type="submit" disabled={signingIn} className={buttonClass("primary", "w-full")}>
            {signingIn ? "Signing in..." : "Sign In"}
          </button>
        </Form>
        <PasskeyButton purpose="sign-in" redirectTo={redirectTo} label="Use a passkey" className="mt-6" />
      </div>
    </div>
  );
}
