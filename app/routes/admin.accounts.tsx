import { data, Form, useNavigation } from "react-router";
import { ActionStatus } from "~/components/ui/action-status";
import { AdminErrorBoundary } from "~/components/ui/admin-error";
import { buttonClass } from "~/components/ui/button";
import { StackedTable } from "~/components/ui/stacked-table";
import { SelectField, TextField } from "~/components/ui/field";
import { pageAddress, requireConfirmed, staffContext } from "~/features/auth/auth.server";
import { invitationHours } from "~/features/auth/invitations";
import {
  changeRole,
  endAccountSessions,
  endEveryoneElsesSessions,
  inviteAccount,
  listAccounts,
  resetSecondFactor,
  setDisabled,
} from "~/features/auth/accounts.server";
import { actionDone, actionFailed, answerIntent, type StaffIntent } from "~/lib/admin-action";
import { formatDateTime } from "~/lib/format";
import { getConfig } from "~/lib/config.server";
import { readForm } from "~/lib/request.server";
import { seo } from "~/lib/seo";
import { roleNames, roles } from "~/lib/staff";
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
        return actionFailed("The invitation was not made: see the fields below.", 400, { errors: result.errors });
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

const roleOptions = roles.map((role) => ({ value: role, label: roleNames[role] }));

export default function AdminAccounts({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const errors = actionData && !actionData.ok ? (actionData.errors ?? {}) : {};
  const link = actionData && "link" in actionData && typeof actionData.link === "string" ? actionData.link : undefined;
  return (
    <>
      <h1 className="text-heading font-bold">Accounts</h1>
      <p className="mt-1 max-w-prose text-muted">
        Owners see everything, leads see messages and order requests, moderators see reviews. Owners and leads sign in
        with a second factor. See docs/staff.md for how each works.
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

      <StackedTable<Account>
        caption="Staff accounts"
        className="mt-6"
        stackBelow="wide"
        rows={loaderData.accounts}
        rowKey={(account) => account.id}
        columns={[
          {
            header: "Username",
            rowHeader: true,
            cell: (account) => (
              <>
                {account.username}
                {account.disabled ? <span className="ml-2 font-normal text-danger">(disabled)</span> : null}
              </>
            ),
          },
          { header: "Role", cell: (account) => roleNames[account.role] },
          {
            header: "Second factor",
            cell: (account) =>
              account.hasFactor
                ? `${account.factors.charAt(0).toUpperCase()}${account.factors.slice(1)}; ${account.recoveryCodesLeft} recovery codes left`
                : account.role === "moderator"
                  ? "None (password only)"
                  : "Not set up yet",
          },
          {
            header: "Last sign-in",
            cell: (account) =>
              `${account.lastSignIn ? formatDateTime(account.lastSignIn) : "Never"}${account.activeSessions > 0 ? `; ${account.activeSessions} open` : ""}`,
          },
          {
            header: "Actions",
            cell: (account) => <AccountActions account={account} me={loaderData.me} busy={busy} />,
          },
        ]}
      />

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

      <h2 className="mt-10 text-subheading font-bold">Invite a person</h2>
      <p className="mt-1 max-w-prose text-muted">
        They get a link to choose their own password; it works once, for {invitationHours} hours. Owners and leads set
        up their second factor when they first sign in.
      </p>
      <Form method="post" noValidate className="mt-4 max-w-md space-y-5">
        <input type="hidden" name="intent" value="invite" />
        <TextField
          name="username"
          label="Username"
          idPrefix="invite"
          required
          autoComplete="off"
          hint="Lowercase letters, digits, dots, dashes or underscores, such as jordan.lee."
          error={errors.username}
        />
        <SelectField
          name="role"
          label="Role"
          idPrefix="invite"
          required
          options={roleOptions}
          placeholder="Choose a role"
          error={errors.role}
        />
        {loaderData.canEmail ? (
          <TextField
            name="email"
            label="Their email address (optional)"
            idPrefix="invite"
            type="email"
            autoComplete="off"
            hint="The link is sent there now, and shown here too. Leave it empty to pass the link on yourself."
            error={errors.email}
          />
        ) : null}
        <button type="submit" disabled={busy} className={buttonClass("primary")}>
          Make invitation link
        </button>
      </Form>
    </>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary list={{ href: "/admin/accounts", name: "accounts" }} />;
}

type Account = Route.ComponentProps["loaderData"]["accounts"][number];

function AccountActions({ account, me, busy }: { account: Account; me: string; busy: boolean }) {
  return (
    <div className="flex flex-wrap gap-2">
      {account.id === me ? (
        <span className="text-muted">You</span>
      ) : (
        <Form method="post">
          <input type="hidden" name="id" value={account.id} />
          <input type="hidden" name="intent" value={account.disabled ? "enable" : "disable"} />
          <button type="submit" disabled={busy} className={buttonClass("secondary")}>
            {account.disabled ? "Enable" : "Disable"}
            <span className="sr-only"> {account.username}</span>
          </button>
        </Form>
      )}
      {account.id !== me && !account.shared ? (
        <Form method="post" className="flex flex-wrap items-center gap-2">
          <input type="hidden" name="id" value={account.id} />
          <label htmlFor={`role-${account.id}`} className="sr-only">
            New role for {account.username}
          </label>
          <select
            id={`role-${account.id}`}
            name="role"
            defaultValue={account.role}
            className="tap-target rounded-md border border-line bg-surface px-3 py-2"
          >
            {roleOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <button type="submit" name="intent" value="change-role" disabled={busy} className={buttonClass("secondary")}>
            Change role<span className="sr-only"> of {account.username}</span>
          </button>
        </Form>
      ) : null}
      {account.id !== me && account.activeSessions > 0 ? (
        <Form method="post">
          <input type="hidden" name="id" value={account.id} />
          <input type="hidden" name="intent" value="end-sessions" />
          <button type="submit" disabled={busy} className={buttonClass("secondary")}>
            Sign out everywhere<span className="sr-only">: {account.username}</span>
          </button>
        </Form>
      ) : null}
      {account.hasFactor ? (
        <Form method="post">
          <input type="hidden" name="id" value={account.id} />
          <input type="hidden" name="intent" value="reset-factor" />
          <button type="submit" disabled={busy} className={buttonClass("secondary")}>
            Reset second factor<span className="sr-only"> of {account.username}</span>
          </button>
        </Form>
      ) : null}
    </div>
  );
}
