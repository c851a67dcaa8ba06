import { Form } from "react-router";
import { AdminErrorBoundary } from "~/components/ui/admin-error";
import { buttonClass } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { auditActions, listAudit } from "~/lib/audit.server";
import { formatDateTime } from "~/lib/format";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/admin.audit";

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const username = params.get("username")?.trim().slice(0, 100) ?? "";
  const action = params.get("action")?.trim().slice(0, 60) ?? "";
  const [rows, actions] = await Promise.all([
    listAudit(200, { username: username || undefined, action: action || undefined }),
    auditActions(),
  ]);
  return { rows, actions, username, action };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Audit log", description: "Who did what.", path: "/admin/audit", noindex: true });

/** Who signed in, opened health details, exported, changed accounts: the owner's view of the audit log. */
export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { rows, actions, username, action } = loaderData;
  return (
    <>
      <h1 className="text-heading font-bold">Audit log</h1>
      <p className="mt-1 max-w-prose text-muted">
        Every staff action, sign-in, opened order request or message, and export, with the account that did it. The
        newest 200 that match are shown.
      </p>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-4">
        <TextField name="username" label="Account" idPrefix="audit" defaultValue={username} autoComplete="off" />
        <div>
          <label htmlFor="audit-action" className="block font-semibold">
            Action
          </label>
          <select
            id="audit-action"
            name="action"
            defaultValue={action}
            className="mt-1 tap-target rounded-md border border-line bg-surface px-3"
          >
            <option value="">Any</option>
            {actions.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClass("secondary")}>
          Filter
        </button>
      </Form>
      {rows.length === 0 ? (
        <p className="mt-6 text-muted">Nothing in the log matches.</p>
      ) : (
        <div className="mt-6 overflow-x-auto">
          <table className="w-full text-left">
            <caption className="sr-only">Audit log, newest first</caption>
            <thead>
              <tr className="border-b border-line">
                <th scope="col" className="py-2 pr-4">
                  When
                </th>
                <th scope="col" className="py-2 pr-4">
                  Account
                </th>
                <th scope="col" className="py-2 pr-4">
                  Action
                </th>
                <th scope="col" className="py-2 pr-4">
                  On
                </th>
                <th scope="col" className="py-2 pr-4">
                  Detail
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="border-b border-line align-top">
                  <td className="py-2 pr-4 whitespace-nowrap">{formatDateTime(row.at)}</td>
                  <td className="py-2 pr-4">{row.username}</td>
                  <td className="py-2 pr-4">{row.action}</td>
                  <td className="py-2 pr-4">
                    {row.target_type}
                    {row.target_id ? <span className="block font-mono text-small">{row.target_id}</span> : null}
                  </td>
                  <td className="py-2 pr-4">{row.detail}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary list={{ href: "/admin/audit", name: "the audit log" }} />;
}
