import { useEffect, useRef, useState } from "react";
import { Form, useRevalidator } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { toast } from "~/components/ui/toast";
import { StarRating } from "~/components/ui/star-rating";

export interface PanelReview {
  id: string;
  name: string;
  rating: number;
  quote: string;
}

export const moderationToasts = {
  approve: {
    ok: { title: "Testimonial Approved", description: "The testimonial is now live on the website." },
    failed: { title: "Approval Failed", description: "Failed to approve the testimonial. Please try again." },
  },
  delete: {
    ok: { title: "Testimonial Deleted", description: "The testimonial has been successfully removed." },
    failed: { title: "Delete Failed", description: "Failed to delete the testimonial. Please try again." },
  },
} as const;

/**
 * The testimonials page's admin box: the password of the built-in moderator account opens the
 * same server-side session as /admin/login; once open, pending and published reviews can be
 * approved or deleted here.
 */
export function AdminSection({ panel, accessDenied }: { panel: { pending: PanelReview[]; approved: PanelReview[] } | null; accessDenied: boolean }) {
  // Set when the password box has just opened the panel here, so the panel may take focus.
  const [justUnlocked, setJustUnlocked] = useState(false);
  return (
    <section id="admin-section" aria-labelledby="admin-section-title" className="container-page py-12">
      <div className="rounded-2xl border border-line bg-surface p-6 md:p-8">
        {panel ? <AdminPanel panel={panel} focusOnMount={justUnlocked} /> : <AdminAccess accessDenied={accessDenied} onUnlocked={() => setJustUnlocked(true)} />}
      </div>
    </section>
  );
}

function AdminAccess({ accessDenied, onUnlocked }: { accessDenied: boolean; onUnlocked: () => void }) {
  const [busy, setBusy] = useState(false);
  const [denied, setDenied] = useState(accessDenied);
  const revalidator = useRevalidator();

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get("password") ?? "");
    if (!password) {
      setDenied(true);
      return;
    }
    setBusy(true);
    try {
      const response = await fetch("/api/admin/login", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ password }),
      });
      if (!response.ok) throw new Error(String(response.status));
      toast({ variant: "success", title: "Admin Access Granted", description: "You can now manage testimonials" });
      setDenied(false);
      onUnlocked();
      await revalidator.revalidate();
    } catch {
      setDenied(true);
      toast({ variant: "error", title: "Access Denied", description: "Incorrect admin password" });
    } finally {
      setBusy(false);
    }
  }

  if (revalidator.state === "loading") return <p role="status">Loading admin panel...</p>;
  return (
    <>
      <h2 id="admin-section-title" className="text-2xl font-bold">
        Admin Access
      </h2>
      <p className="mt-2 text-muted">For Aquila staff. Other staff accounts sign in at /admin/login.</p>
      {denied ? (
        <p role="alert" className="mt-4 rounded-lg border-2 border-danger bg-danger-soft p-3">
          <strong>Access Denied.</strong> Incorrect admin password
        </p>
      ) : null}
      <Form method="post" action="/testimonials#admin-section" onSubmit={onSubmit} className="mt-4 flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="admin-login" />
        <input type="hidden" name="username" value="admin" autoComplete="username" />
        <div className="min-w-64 flex-1">
          <TextField name="password" label="Admin password" idPrefix="admin-access" type="password" required autoComplete="current-password" />
        </div>
        <button type="submit" disabled={busy} className={buttonClass("primary")}>
          {busy ? "Authenticating..." : "Access Admin Panel"}
        </button>
      </Form>
    </>
  );
}

function AdminPanel({ panel, focusOnMount }: { panel: { pending: PanelReview[]; approved: PanelReview[] }; focusOnMount: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const pendingHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) heading.current?.focus();
  }, [focusOnMount]);
  // The button that was used may be gone with its review; continue from the list's heading.
  const focusList = () => pendingHeading.current?.focus();
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="admin-section-title" ref={heading} tabIndex={-1} className="text-2xl font-bold">
          Admin Panel
        </h2>
        <a href="/admin/testimonials" className={buttonClass("quiet")}>
          Open the full moderation page
        </a>
      </div>
      <h3 ref={pendingHeading} tabIndex={-1} className="mt-6 text-lg font-semibold">
        Pending reviews ({panel.pending.length})
      </h3>
      {panel.pending.length === 0 ? (
        <p className="mt-2 text-muted">No pending reviews</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {panel.pending.map((review) => (
            <li key={review.id} className="rounded-xl border border-line bg-canvas p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-semibold">{review.name}</p>
                <StarRating value={review.rating} size="sm" />
              </div>
              <p className="mt-2 whitespace-pre-wrap">{review.quote}</p>
              <div className="mt-3 flex flex-wrap gap-2">
                <ModerationButton id={review.id} intent="approve" label="Approve" reviewer={review.name} onDone={focusList} />
                <ModerationButton id={review.id} intent="delete" label="Delete" reviewer={review.name} onDone={focusList} />
              </div>
            </li>
          ))}
        </ul>
      )}
      <h3 className="mt-8 text-lg font-semibold">Published reviews ({panel.approved.length})</h3>
      {panel.approved.length === 0 ? (
        <p className="mt-2 text-muted">No published reviews yet.</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {panel.approved.map((review) => (
            <li key={review.id} className="flex flex-wrap items-start justify-between gap-3 rounded-xl border border-line bg-canvas p-4">
              <div>
                <p className="font-semibold">{review.name}</p>
                <p className="text-muted">
                  {review.quote.slice(0, 100)}
                  {review.quote.length > 100 ? "…" : ""}
                </p>
              </div>
              <ModerationButton id={review.id} intent="delete" label="Delete" reviewer={review.name} onDone={focusList} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function ModerationButton({ id, intent, label, reviewer, onDone }: { id: string; intent: "approve" | "delete"; label: string; reviewer: string; onDone: () => void }) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);

  // With JavaScript: the spec's admin calls, a toast, then both lists and the public list reload.
  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const messages = moderationToasts[intent];
    setBusy(true);
    try {
      const response = await fetch(intent === "approve" ? `/api/admin/testimonials/${id}/approve` : `/api/admin/testimonials/${id}`, {
        method: intent === "approve" ? "PATCH" : "DELETE",
        headers: { Accept: "application/json" },
      });
      if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);
      toast({ variant: "success", ...messages.ok });
    } catch {
      toast({ variant: "error", ...messages.failed });
    } finally {
      setBusy(false);
      await revalidator.revalidate();
      onDone();
    }
  }

  const form = (
    <Form method="post" action="/testimonials#admin-section" onSubmit={onSubmit}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" disabled={busy} className={buttonClass(intent === "approve" ? "primary" : "secondary", intent === "delete" ? "border-danger text-danger" : "")}>
        {intent === "delete" ? "Yes, delete" : label}
        <span className="sr-only"> the review by {reviewer}</span>
      </button>
    </Form>
  );
  if (intent === "approve") return form;
  // Deleting asks first: the confirm button appears only after "Delete" is chosen.
  return (
    <details className="group">
      <summary className={buttonClass("secondary", "border-danger text-danger")}>
        {label}
        <span className="sr-only"> the review by {reviewer}</span>
      </summary>
      <div className="mt-2 rounded-lg border border-danger bg-danger-soft p-3">
        <p>Delete this review for good?</p>
        <div className="mt-2">{form}</div>
      </div>
    </details>
  );
}
