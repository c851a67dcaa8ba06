import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { data } from "react-router";
import {
  getSession,
  secondStepOf,
  sessionCookieHeaders,
  type SessionCookies,
  upgradeSession,
} from "~/features/auth/sessions.server";
import { isConfirmed } from "~/features/auth/access.server";
import { signInWithPasskey } from "~/features/auth/sign-in.server";
import { addPasskey, authenticationOptions, checkPasskey, registrationOptions } from "~/features/auth/passkeys.server";
import { markConfirmed, sessionEndedMessage } from "~/features/auth/second-step.server";
import { recordAudit } from "~/lib/audit.server";
import { methodNotAllowed, readJsonOrForm } from "~/lib/request.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { isPasskeyPurpose } from "~/features/auth/passkey-purpose";
import type { Route } from "./+types/admin.passkey";

export const loader = methodNotAllowed("POST");

type Body = { purpose?: unknown; step?: unknown; response?: unknown; redirectTo?: unknown };

/**
 * The passkey button's two calls (features/auth/passkey-button.tsx): `options` gives the browser
 * a challenge for the purpose, `finish` checks its answer. Who may ask depends on the purpose:
 * anyone to sign in; a session owing its second step for that step; a session setting up its
 * first factor, or a signed-in person who confirmed within five minutes, to add a passkey; a
 * signed-in person to confirm.
 */
export async function action({ request }: Route.ActionArgs) {
  const body = await readJsonOrForm(request);
  if (!body.ok) return data({ error: body.error }, { status: body.status });
  const { purpose, step, response, redirectTo } = body.value as Body;
  if (!isPasskeyPurpose(purpose) || (step !== "options" && step !== "finish"))
    return data({ error: "Unknown passkey request." }, { status: 400 });
  const next = safeRedirect(redirectTo);
  const session = await getSession(request);
  const pending = session ? secondStepOf(session) : undefined;

  if (purpose === "sign-in") {
    if (step === "options") return data(await authenticationOptions("sign-in"));
    const checked = await checkPasskey("sign-in", response as AuthenticationResponseJSON);
    if (!checked.ok) return data({ error: checked.message }, { status: 401 });
    const signedIn = await signInWithPasskey(request, { accountId: checked.accountId, username: checked.username });
    return renewedAnswer(signedIn, { next });
  }
  if (!session) return data({ error: "Sign in first." }, { status: 401 });

  if (purpose === "second-step") {
    if (pending !== "verify" || !session.hasPasskey) return data({ error: "Nothing to prove here." }, { status: 400 });
    if (step === "options") return data(await authenticationOptions("second-step", session));
    const checked = await checkPasskey("second-step", response as AuthenticationResponseJSON, session);
    if (!checked.ok) {
      await recordAudit(session, "second-factor-failed", "account", session.accountId, "Passkey refused.");
      return data({ error: checked.message }, { status: 401 });
    }
    await recordAudit(session, "second-factor", "session", null, "Signed in with passkey.");
    return renewedAnswer(await upgradeSession(request, session), { next });
  }

  if (purpose === "confirm") {
    if (pending || !session.hasPasskey) return data({ error: "Nothing to confirm with here." }, { status: 400 });
    if (step === "options") return data(await authenticationOptions("confirm", session));
    const checked = await checkPasskey("confirm", response as AuthenticationResponseJSON, session);
    if (!checked.ok) return data({ error: checked.message }, { status: 401 });
    const confirmed = await markConfirmed(request, session, "passkey");
    return renewedAnswer(confirmed.ok ? confirmed : undefined, { next });
  }

  // Adding a passkey: while setting up a first factor, or as an account change by a signed-in person.
  if (pending === "verify") return data({ error: "Finish signing in first." }, { status: 401 });
  if (!pending && !isConfirmed(session))
    return data({ confirm: `/admin/confirm?redirectTo=${encodeURIComponent(next)}` }, { status: 403 });
  if (step === "options") return data(await registrationOptions(session));
  const added = await addPasskey(session, response as RegistrationResponseJSON);
  if (!added.ok) return data({ error: added.message }, { status: 400 });
  // Setting up the first factor is the sign-in's second step too.
  const answer = { next, recoveryCodes: added.recoveryCodes };
  return pending === "enrol" ? renewedAnswer(await upgradeSession(request, session), answer) : data(answer);
}

/** An answer under the session's new id, or 401 when the session ended before it could be renewed. */
function renewedAnswer<T extends object>(cookies: SessionCookies | undefined, answer: T) {
  if (!cookies) return data({ error: sessionEndedMessage }, { status: 401 });
  return data(answer, { headers: sessionCookieHeaders(cookies) });
}
