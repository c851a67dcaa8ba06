import { Form } from "react-router";
import { AdminErrorBoundary } from "~/components/ui/admin-error";
import { StackedTable } from "~/components/ui/stacked-table";
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
        <StackedTable<AuditRow>
          caption="Audit log, newest first"
          className="mt-6"
          stackBelow="wide"
          rows={rows}
          rowKey={(row) => String(row.id)}
          columns={[
            { header: "When", cell: (row) => formatDateTime(row.at) },
            { header: "Account", cell: (row) => row.username },
            { header: "Action", cell: (row) => row.action },
            {
              header: "On",
              cell: (row) => (
                <>
                  {row.target_type}
                  {row.target_id ? <span className="block font-mono text-small">{row.target_id}</span> : null}
                </>
              ),
            },
            { header: "Detail", cell: (row) => row.detail },
          ]}
        />
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary list={{ href: "/admin/audit", name: "the audit log" }} />;
}

type AuditRow = Route.ComponentProps["loaderData"]["rows"][number];
