import { data, Form, Link, redirect } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { OutcomePanel } from "~/components/ui/outcome-panel";
import { getStaff, renewSignedIn, sessionCookieHeaders } from "~/features/auth/sessions.server";
import { isConfirmed, pageAddress, sessionAtStep } from "~/features/auth/access.server";
import { CodeForm } from "~/features/auth/code-form";
import { PasskeyButton } from "~/features/auth/passkey-button";
import { continueIntent, RecoveryCodeList } from "~/features/auth/recovery-code-list";
import { enrolment, finishEnrolment, mayEnrol } from "~/features/auth/second-step.server";
import { formObject } from "~/lib/forms";
import { forwardRetryAfter, readForm, retryAfterHeaders } from "~/lib/request.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/admin.enrol";

/**
 * Setting up an authenticator app: at the first sign-in of any account but a moderator's (nothing
 * else opens until it is done), or from a moderator's own account page.
 */
async function enrollingSession(request: Request) {
  const { session, step, redirectTo } = await sessionAtStep(request, "enrol");
  // Signed in already: adding a factor is an account change, after confirming who you are.
  if (!step && !isConfirmed(session))
    throw redirect(`/admin/confirm?redirectTo=${encodeURIComponent(pageAddress(request))}`);
  return { session, redirectTo };
}

export async function loader({ request }: Route.LoaderArgs) {
  const { session, redirectTo } = await enrollingSession(request);
  if (!mayEnrol(session)) return { username: session.username, redirectTo, enrolment: null };
  const { secret, address, qrSvg } = await enrolment(session);
  return { username: session.username, redirectTo, enrolment: { secret, address, qrSvg } };
}

export async function action({ request }: Route.ActionArgs) {
  const form = formObject(await readForm(request));
  if (form.intent === continueIntent) return continueAfterCodes(request, form.redirectTo);
  const { session } = await enrollingSession(request);
  if (!mayEnrol(session))
    return data({ error: "This account cannot add an authenticator app here.", codes: null }, 400);
  const code = typeof form.code === "string" ? form.code : "";
  if (!code.trim()) return data({ error: "Enter the six-digit code the app shows.", codes: null }, { status: 400 });
  const result = await finishEnrolment(session, code);
  if (!result.ok)
    return data({ error: result.message, codes: null }, { status: result.status, headers: retryAfterHeaders(result) });
  // The codes are shown in this answer only: they are stored hashed.
  return data({ error: undefined, codes: result.codes });
}

/**
 * "I have saved them: continue" after the recovery codes. Setting up the app proved the factor
 * on the session's old id, because the page that shows the codes is rendered in that same request
 * with the cookie it came with; leaving the page renews the id, so the one the password was
 * signed in with opens nothing after the codes are seen.
 */
async function continueAfterCodes(request: Request, redirectTo: unknown) {
  const session = await getStaff(request);
  // Password and second factor proved here: this browser is one the account has signed in from.
  const signedIn = session ? await renewSignedIn(request, session, {}) : undefined;
  if (!signedIn) throw redirect(`/admin/login?redirectTo=${encodeURIComponent(safeRedirect(redirectTo))}`, 303);
  return redirect(safeRedirect(redirectTo), { status: 303, headers: sessionCookieHeaders(signedIn) });
}

export const headers = forwardRetryAfter;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Set up your second factor",
    description: "Staff sign-in.",
    path: "/admin/enrol",
    noindex: true,
  });

/** Groups of four, as apps print secrets to be typed by hand. */
function grouped(secret: string) {
  return secret.match(/.{1,4}/g)?.join(" ") ?? secret;
}

export default function AdminEnrol({ loaderData, actionData }: Route.ComponentProps) {
  const { enrolment: offer, redirectTo } = loaderData;
  if (actionData?.codes) return <RecoveryCodes codes={actionData.codes} redirectTo={redirectTo} />;
  return (
    <div className="container-page flex justify-center py-16">
      <div className="w-full max-w-xl rounded-2xl border border-line bg-surface p-8 shadow-sm">
        <h1 className="text-heading font-bold">Set up your second factor</h1>
        {offer ? (
          <>
            <p className="mt-2 max-w-prose text-muted">
              Order requests and messages carry health details, so every account that can see them signs in with a
              password and a code from an authenticator app (such as 1Password, Google Authenticator, Microsoft
              Authenticator or Aegis).
            </p>
            <ol className="mt-6 list-decimal space-y-4 pl-6">
              <li>
                In the app, add an account by scanning this code
                <div
                  role="img"
                  aria-label="QR code holding the set-up key below"
                  className="mt-3 w-48 rounded-lg bg-white p-2 [&_svg]:h-auto [&_svg]:w-full"
                  dangerouslySetInnerHTML={{ __html: offer.qrSvg }}
                />
                <p className="mt-3">
                  or type this set-up key:{" "}
                  <code className="font-mono text-body break-all" aria-label={offer.secret.split("").join(" ")}>
                    {grouped(offer.secret)}
                  </code>
                </p>
                <p className="mt-2">
                  On a phone with the app,{" "}
                  <a href={offer.address} className="inline-flex tap-target items-center text-brand underline">
                    open the set-up in the app
                  </a>
                  .
                </p>
              </li>
              <li>Type the six-digit code the app now shows for Aquila staff.</li>
            </ol>
            <CodeForm
              idPrefix="enrol"
              redirectTo={redirectTo}
              error={actionData?.error}
              submit="Turn on the second factor"
              label="Code from the app"
              hint="Six digits; the app shows a new one every 30 seconds."
            />
            <h2 className="mt-8 text-subheading font-bold">Or use a passkey</h2>
            <p className="mt-2 max-w-prose text-muted">
              A passkey lives in this device or your password manager and is unlocked with your fingerprint, face or
              PIN. You can add an authenticator app later too.
            </p>
            <PasskeyButton purpose="register" redirectTo={redirectTo} label="Add a passkey" className="mt-3" />
          </>
        ) : (
          <p className="mt-2 max-w-prose">
            This account already has an authenticator app, or is the shared reviews account, which signs in with its
            password only.{" "}
            <Link to="/admin/account" className="text-brand underline">
              Back to your account
            </Link>
          </p>
        )}
        <Form method="post" action="/admin/logout" className="mt-6">
          <button type="submit" className={buttonClass("secondary")}>
            Sign out
          </button>
        </Form>
      </div>
    </div>
  );
}

/** Shown once, right after the app is confirmed. */
function RecoveryCodes({ codes, redirectTo }: { codes: string[]; redirectTo: string }) {
  return (
    <div className="container-page flex justify-center py-16">
      <div className="w-full max-w-xl rounded-2xl border border-line bg-surface p-8 shadow-sm">
        <h1 className="mb-4 text-heading font-bold">Save your recovery codes</h1>
        <OutcomePanel tone="success" role="status" title="Your second factor is on" focusOnArrival>
          <p>Save these ten recovery codes now: they are shown only this once.</p>
        </OutcomePanel>
        <p className="mt-4 max-w-prose">
          Each one signs you in once if your phone is lost or the app is gone. Keep them in your password manager or on
          paper somewhere safe, not on the phone that has the app.
        </p>
        <RecoveryCodeList codes={codes} next={redirectTo} />
      </div>
    </div>
  );
}
