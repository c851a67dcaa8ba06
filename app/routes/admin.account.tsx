import { useMemo } from "react";
import { redirect, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { AdminErrorBoundary } from "~/components/ui/admin-error";
import { mayHaveSecondFactor } from "~/features/auth/account-creation.server";
import { renewSession } from "~/features/auth/sessions.server";
import { requireConfirmed, staffContext } from "~/features/auth/access.server";
import { listPasskeys, removePasskey } from "~/features/auth/passkeys.server";
import { DailyListForm } from "~/features/auth/daily-list-form";
import { PasskeyList } from "~/features/auth/passkey-list";
import { PasswordChangeForm, passwordChanged } from "~/features/auth/password-change-form";
import { accountEmail, endOtherSessions, endOwnSession, setAccountEmail } from "~/features/auth/own-account.server";
import { listOwnSessions } from "~/features/auth/sessions.server";
import { unusedRecoveryCodes } from "~/features/auth/second-factor.server";
import { mayEnrol } from "~/features/auth/second-step.server";
import { browserName, type OpenSession, SessionList } from "~/features/auth/session-list";
import { ActionStatus } from "~/components/ui/action-status";
import { plural } from "~/lib/format";
import { can, roleNames } from "~/lib/staff";
import { dailyEmailFields, passwordFields } from "~/features/auth/account-fields";
import { changeOwnPassword } from "~/features/auth/password-change.server";
import { minPasswordLength } from "~/features/auth/password-policy.server";
import type { NoticeHandle } from "~/lib/flash";
import { readFlash, setFlash } from "~/lib/flash.server";
import { actionDone, actionFailed, actionResult, answerIntent, keptAnswers, refusedAnswers } from "~/lib/admin-action";
import { forwardRetryAfter, readForm, retryAfterHeaders } from "~/lib/request.server";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/admin.account";

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = context.get(staffContext);
  const sessions: OpenSession[] = (await listOwnSessions(staff.accountId)).map((session) => ({
    id: session.id_hash,
    current: session.id_hash === staff.idHash,
    createdAt: session.created_at,
    lastSeenAt: session.last_seen_at,
    browser: browserName(session.user_agent),
  }));
  return {
    username: staff.username,
    role: roleNames[staff.role],
    minLength: minPasswordLength,
    changed: readFlash(request)?.key === "password-changed",
    sessions,
    factor: staff.hasFactor ? ("app" as const) : mayEnrol(staff) ? ("none" as const) : ("shared" as const),
    recoveryCodesLeft: staff.hasFactor ? await unusedRecoveryCodes(staff.accountId) : 0,
    passkeys: mayHaveSecondFactor(staff) ? await listPasskeys(staff.accountId) : null,
    // Who works on leads gets the daily list of what is due, at this address.
    dailyEmail: can(staff.role, "leads") ? ((await accountEmail(staff.accountId)) ?? "") : null,
  };
}

/** The forms post here with or without JavaScript; a password change answers with a redirect and its notice. */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = context.get(staffContext);
  // Ending sessions and removing a passkey are for the person who owns them: proved within five minutes.
  const confirmed = () => requireConfirmed(request, staff);
  return answerIntent(await readForm(request), {
    "change-password": async (form) => {
      const result = await changeOwnPassword(request, staff, form);
      if (!result.ok)
        return actionFailed(
          "Your password was not changed: see the fields below.",
          result.status,
          { errors: result.errors },
          retryAfterHeaders(result),
        );
      // Proving the current password is a sign-in again: this session goes on under a new id.
      const renewed = await renewSession(request, staff, { confirmedAt: Date.now() });
      const headers = new Headers([["Set-Cookie", setFlash("password-changed")]]);
      if (renewed) headers.append("Set-Cookie", renewed);
      return redirect(renewed ? "/admin/account" : "/admin/login", { status: 303, headers });
    },
    "daily-email": async (form) => {
      const values = keptAnswers(form, dailyEmailFields);
      // Only those who work on leads get a daily list; the form is not shown to anyone else.
      const refused = (message: string, status: number) =>
        actionFailed(message, status, { errors: { email: message }, values });
      if (!can(staff.role, "leads")) return refused("Only staff who work on leads get a daily list.", 403);
      const result = await setAccountEmail(staff, form.email);
      return result.ok ? actionDone(result.message) : refused(result.message, 400);
    },
    "remove-passkey": async (form) => {
      confirmed();
      const removed = await removePasskey(staff, form.passkey);
      return removed.ok ? actionDone(removed.message) : actionFailed(removed.message, 409);
    },
    "end-session": async (form) => {
      confirmed();
      return actionDone(
        (await endOwnSession(staff, form.session)) ? "That session has ended." : "That session had already ended.",
      );
    },
    "end-others": async () => {
      confirmed();
      return actionDone(`${plural(await endOtherSessions(staff), { one: "session", many: "sessions" })} ended.`);
    },
  });
}

export const handle: NoticeHandle = { notices: { "password-changed": () => passwordChanged } };
export const headers = forwardRetryAfter;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Your account", description: "Staff account.", path: "/admin/account", noindex: true });

/** A person's own account: today, their password. */
export default function AdminAccount({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formAction === "/admin/account";
  const refused = refusedAnswers(actionData);
  // The password form and the daily list share the page's one answer: each shows its own fields' mistakes.
  const errors = useMemo(() => pickErrors(refused.errors, passwordFields), [refused.errors]);
  const emailError = refused.errors.email;
  return (
    <section aria-labelledby="account-title" className="max-w-xl">
      <h1 id="account-title" className="text-heading font-bold">
        Your account
      </h1>
      <p className="mt-2 text-muted">
        Signed in as <strong className="text-ink">{loaderData.username}</strong> ({loaderData.role}).
      </p>
      <ActionStatus result={actionResult(actionData, null)} />
      <h2 className="mt-8 text-subheading font-bold">Second factor</h2>
      <p className="mt-2 text-muted">
        {loaderData.factor === "app"
          ? `An authenticator app; ${plural(loaderData.recoveryCodesLeft, { one: "recovery code", many: "recovery codes" })} left. If you lose the phone and the codes, an owner can reset it.`
          : loaderData.factor === "shared"
            ? "The shared reviews account signs in with its password only."
            : "None yet. Adding an authenticator app means a stolen password alone cannot open your account."}
      </p>
      {loaderData.factor === "none" ? (
        <p className="mt-3">
          <a href="/admin/enrol?redirectTo=%2Fadmin%2Faccount" className={buttonClass("secondary")}>
            Set up an authenticator app
          </a>
        </p>
      ) : null}
      <PasswordChangeForm
        username={loaderData.username}
        minLength={loaderData.minLength}
        errors={errors}
        saving={saving}
        changed={loaderData.changed && !actionData}
      />
      {loaderData.dailyEmail !== null ? (
        <DailyListForm
          email={refused.values.email ?? loaderData.dailyEmail}
          error={emailError}
          busy={navigation.state !== "idle"}
        />
      ) : null}
      {loaderData.passkeys ? <PasskeyList passkeys={loaderData.passkeys} /> : null}
      <SessionList sessions={loaderData.sessions} />
    </section>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary list={{ href: "/admin", name: "the admin" }} />;
}

/** The mistakes of one form's fields, from an answer that may be another form's. */
function pickErrors(errors: Record<string, string>, fields: object): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).filter(([name]) => name in fields));
}
