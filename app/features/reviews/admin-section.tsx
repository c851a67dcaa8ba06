import { lazy, Suspense, useState } from "react";
import { useFetcher } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { adminAccessOutcomes, adminSectionAddress, type PanelModeration } from "./outcomes";
import type { PanelReview, PendingPanelReview } from "./types";

/** The outcome the admin box was sent back with (a one-time notice), drawn with or without JavaScript. */
export type AdminNotice = { accessDenied: string } | { moderated: PanelModeration };

const adminAccessFetcherKey = "admin-access";

const AdminPanel = lazy(() => import("./admin-panel"));

/**
 * The testimonials page's admin box: the password of the built-in moderator account opens the
 * same server-side session as /admin/login; once open, pending and published reviews can be
 * published or deleted here. The password posts to /admin/login and the buttons to
 * /admin/testimonials (with JavaScript through fetchers), which send the visitor back here with
 * the outcome as a one-time notice, so the page draws it the same with or without JavaScript.
 */
export function AdminSection({
  panel,
  notice,
}: {
  panel: { pending: PendingPanelReview[]; published: PanelReview[] } | null;
  notice?: AdminNotice;
}) {
  return (
    <section id="admin-section" aria-labelledby="admin-section-title" className="container-page py-12">
      <div className="rounded-2xl border border-line bg-surface p-6 md:p-8">
        {panel ? (
          <Suspense fallback={<p role="status">Loading admin panel...</p>}>
            <AdminPanel panel={panel} moderated={notice && "moderated" in notice ? notice.moderated : undefined} />
          </Suspense>
        ) : (
          <AdminAccess denied={notice && "accessDenied" in notice ? notice.accessDenied : undefined} />
        )}
      </div>
    </section>
  );
}

function AdminAccess({ denied }: { denied?: string }) {
  const login = useFetcher({ key: adminAccessFetcherKey });
  const [empty, setEmpty] = useState(false);
  const busy = login.state !== "idle";
  const error = !empty && !busy ? denied : undefined;

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const password = new FormData(event.currentTarget).get("password");
    setEmpty(!password);
    if (password) return;
    event.preventDefault();
    // Focus goes to the field, so a screen reader reads its error with it ("Password is required").
    const field = event.currentTarget.elements.namedItem("password");
    if (field instanceof HTMLInputElement) field.focus();
  }

  return (
    <>
      <h2 id="admin-section-title" className="text-heading font-bold">
        Admin Access
      </h2>
      <p className="mt-2 text-muted">For Aquila staff. Other staff accounts sign in at /admin/login.</p>
      {error ? (
        <p role="alert" className="mt-4 rounded-lg border-2 border-danger bg-danger-soft p-3">
          <strong>{adminAccessOutcomes.denied.title}.</strong> {error}
        </p>
      ) : null}
      <login.Form
        method="post"
        action="/admin/login"
        noValidate
        onSubmit={onSubmit}
        className="mt-4 flex flex-wrap items-end gap-3"
      >
        <input type="hidden" name="returnTo" value={adminSectionAddress} />
        <input type="hidden" name="username" value="admin" autoComplete="username" />
        <div className="min-w-64 flex-1">
          <TextField
            name="password"
            label="Admin password"
            idPrefix="admin-access"
            type="password"
            required
            autoComplete="current-password"
            error={empty ? "Password is required" : undefined}
          />
        </div>
        <button type="submit" disabled={busy} className={buttonClass("primary")}>
          {busy ? "Authenticating..." : "Access Admin Panel"}
        </button>
      </login.Form>
    </>
  );
}
