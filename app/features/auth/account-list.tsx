import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { StackedTable } from "~/components/ui/stacked-table";
import { formatDateTime } from "~/lib/format";
import { requiresSecondFactor, roleNames, roles } from "~/lib/staff";
import type { AccountSummary } from "./account-admin.server";

export const roleOptions = roles.map((role) => ({ value: role, label: roleNames[role] }));

/** The owner's list of staff accounts, each with what can be done to it; `me` is the owner's own. */
export function AccountList({ accounts, me, busy }: { accounts: AccountSummary[]; me: string; busy: boolean }) {
  return (
    <StackedTable<AccountSummary>
      caption="Staff accounts"
      className="mt-6"
      stackBelow="wide"
      rows={accounts}
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
              : !requiresSecondFactor(account.role)
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
          cell: (account) => <AccountActions account={account} me={me} busy={busy} />,
        },
      ]}
    />
  );
}

function AccountActions({ account, me, busy }: { account: AccountSummary; me: string; busy: boolean }) {
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
