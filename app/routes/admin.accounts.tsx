import { data, Form, useNavigation } from "react-router";
import { ActionStatus } from "~/components/ui/action-status";
import { AdminErrorBoundary } from "~/components/ui/admin-error";
import { buttonClass } from "~/components/ui/button";
import { pageAddress, requireConfirmed, staffContext } from "~/features/auth/access.server";
import { AccountList } from "~/features/auth/account-list";
import { InviteForm } from "~/features/auth/invite-form";
import { invitationHours } from "~/features/auth/invitations";
import {
  changeRole,
  endAccountSessions,
  endEveryoneElsesSessions,
  listAccounts,
  resetSecondFactor,
  setDisabled,
} from "~/features/auth/account-admin.server";
import { inviteAccount } from "~/features/auth/invitations.server";
import { inviteFields } from "~/features/auth/account-fields";
import {
  actionDone,
  actionFailed,
  answerIntent,
  keptAnswers,
  refusedAnswers,
  type StaffIntent,
} from "~/lib/admin-action";
import { getConfig } from "~/lib/config.server";
import { readForm } from "~/lib/request.server";
import { seo } from "~/lib/seo";
import { roleNames } from "~/lib/staff";
import type { Route } from "./+types/admin.accounts";

export async function loader({ context }: Route.LoaderArgs) {
  return {
    accounts: await listAccounts(),
    me: context.get(staffContext).accountId,
    // Without a mail server the owner passes the link on themselves, so the form asks no address.
    canEmail: getConfig().smtp !== undefined,
  };
}

/** Every change here is an account change: it needs the owner to have confirmed who they are in the last five minutes. */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = context.get(staffContext);
  const confirmed =
    <Out,>(run: StaffIntent<Out>): StaffIntent<Out> =>
    (form) => {
      requireConfirmed(request, staff, pageAddress(request));
      return run(form);
    };
  const told = (result: { ok: true; message: string } | { ok: false; message: string; status: number }) =>
    result.ok ? actionDone(result.message) : actionFailed(result.message, result.status);
  return answerIntent(await readForm(request), {
    invite: confirmed(async (form) => {
      const result = await inviteAccount(staff, { username: form.username, role: form.role, email: form.email });
      if (!result.ok)
        return actionFailed("The invitation was not made: see the fields below.", 400, {
          errors: result.errors,
          values: keptAnswers(form, inviteFields),
        });
      // The link is shown this once (it is stored hashed), whether or not it was emailed too.
      const made = `Invitation made for ${result.username} (${roleNames[result.role]}).`;
      const limits = `it works once, for ${invitationHours} hours`;
      const emailed = result.emailed;
      return data({
        ok: true as const,
        message: !emailed
          ? `${made} Send them this link; ${limits}.`
          : emailed.ok
            ? `${made} The link was emailed to ${emailed.to}; it is below too, and ${limits}.`
            : `${made} It could not be emailed to ${emailed.to}: ${emailed.reason}. Send them this link yourself; ${limits}.`,
        link: result.link,
      });
    }),
    "reset-factor": confirmed(async (form) => told(await resetSecondFactor(staff, form.id))),
    "change-role": confirmed(async (form) => told(await changeRole(staff, form.id, form.role))),
    "end-sessions": confirmed(async (form) => told(await endAccountSessions(staff, form.id))),
    "end-everyone": confirmed(async () => told(await endEveryoneElsesSessions(staff))),
    disable: confirmed(async (form) => told(await setDisabled(staff, form.id, true))),
    enable: confirmed(async (form) => told(await setDisabled(staff, form.id, false))),
  });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Accounts", description: "Staff accounts.", path: "/admin/accounts", noindex: true });

export default function AdminAccounts({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  // A refused invitation: its field messages and what was typed, read through the one refusal shape.
  const refused = refusedAnswers(actionData);
  const link = actionData && "link" in actionData && typeof actionData.link === "string" ? actionData.link : undefined;
  return (
    <>
      <h1 className="text-heading font-bold">Accounts</h1>
      <p className="mt-1 max-w-prose text-muted">
        Owners see everything, leads see messages and order requests, moderators see reviews, editors the site&apos;s
        content. Everyone but a moderator signs in with a second factor. See docs/staff.md for how each works.
      </p>
      <ActionStatus result={actionData} />
      {link ? (
        <p className="mt-3 max-w-prose rounded-lg border border-line bg-surface p-3">
          <label htmlFor="invite-link" className="block font-semibold">
            Invitation link
          </label>
          <input
            id="invite-link"
            readOnly
            value={link}
            className="mt-2 w-full rounded-md border border-line bg-surface px-3 py-2 font-mono text-small"
          />
        </p>
      ) : null}

      <AccountList accounts={loaderData.accounts} me={loaderData.me} busy={busy} />

      <h2 className="mt-10 text-subheading font-bold">Sign everyone out</h2>
      <p className="mt-1 max-w-prose text-muted">
        If a computer or a copy of the data may be in the wrong hands, end every other person&apos;s sessions at once.
        Their accounts stay as they are; they sign in again.
      </p>
      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="end-everyone" />
        <button type="submit" disabled={busy} className={buttonClass("secondary")}>
          Sign out everyone else
        </button>
      </Form>

      <InviteForm errors={refused.errors} values={refused.values} canEmail={loaderData.canEmail} busy={busy} />
    </>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary list={{ href: "/admin/accounts", name: "accounts" }} />;
}
