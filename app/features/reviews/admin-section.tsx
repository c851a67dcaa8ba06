import type { SpamReason } from "~/lib/forms";
import { lazy, Suspense, useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { toast } from "~/components/ui/toast";
import { isUnreachable, type Unreachable } from "~/lib/unreachable";
import type { FlaggedText } from "./flags";
import { adminAccessOutcomes } from "./outcomes";
import type { ModerationIntent } from "./fields";

export interface PanelReview {
  id: string;
  name: string;
  rating: number;
  quote: string;
}

/** A pending review, with what staff must check before approving it. */
export interface PendingPanelReview extends PanelReview {
  flags: FlaggedText;
  /** The reasons it is marked as possible spam (none: not marked). */
  spamMark: SpamReason[];
}

/** The testimonials page action's answers to the admin box, drawn here with or without JavaScript. */
export type AdminAnswer =
  | { intent: "admin-login"; accessDenied: true; error: string }
  | {
      intent: "moderate";
      moderation: { ok: true; intent: ModerationIntent } | { ok: false; intent?: ModerationIntent; error: string };
    };

const adminAccessFetcherKey = "admin-access";

const AdminPanel = lazy(() => import("./admin-panel"));

/** The admin box's answer when a post got no answer at all. */
const noAnswer = {
  intent: "admin-login",
  accessDenied: true,
  error: "The server could not be reached. Please try again.",
} as const;

/**
 * The testimonials page's admin box: the password of the built-in moderator account opens the
 * same server-side session as /admin/login; once open, pending and published reviews can be
 * approved or deleted here. Every form in it posts to the page's own action (with JavaScript
 * through fetchers, so the page stays put and the lists reload), the same action a page without
 * JavaScript posts to.
 */
export function AdminSection({
  panel,
  pageAnswer,
}: {
  panel: { pending: PendingPanelReview[]; approved: PanelReview[] } | null;
  pageAnswer?: AdminAnswer;
}) {
  return (
    <section id="admin-section" aria-labelledby="admin-section-title" className="container-page py-12">
      <div className="rounded-2xl border border-line bg-surface p-6 md:p-8">
        {panel ? (
          <Suspense fallback={<p role="status">Loading admin panel...</p>}>
            <AdminPanel panel={panel} pageAnswer={pageAnswer} />
          </Suspense>
        ) : (
          <AdminAccess pageAnswer={pageAnswer} />
        )}
      </div>
    </section>
  );
}

function AdminAccess({ pageAnswer }: { pageAnswer?: AdminAnswer }) {
  const login = useFetcher<AdminAnswer | Unreachable>({ key: adminAccessFetcherKey });
  const [empty, setEmpty] = useState(false);
  const busy = login.state !== "idle";
  const answer = busy ? undefined : isUnreachable(login.data) ? noAnswer : (login.data ?? pageAnswer);
  const denied = !empty && answer?.intent === "admin-login" ? answer.error : null;

  useEffect(() => {
    if (login.state !== "idle" || !login.data) return;
    if (isUnreachable(login.data)) toast({ variant: "error", title: "Sign-in failed", description: noAnswer.error });
    else if (login.data.intent === "admin-login") toast({ variant: "error", ...adminAccessOutcomes.denied });
  }, [login.state, login.data]);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const password = new FormData(event.currentTarget).get("password");
    setEmpty(!password);
    if (!password) event.preventDefault();
  }

  // The sign-in succeeded and the page is loading the panel.
  if (login.state === "loading") return <p role="status">Loading admin panel...</p>;
  return (
    <>
      <h2 id="admin-section-title" className="text-heading font-bold">
        Admin Access
      </h2>
      <p className="mt-2 text-muted">For Aquila staff. Other staff accounts sign in at /admin/login.</p>
      {denied ? (
        <p role="alert" className="mt-4 rounded-lg border-2 border-danger bg-danger-soft p-3">
          <strong>{adminAccessOutcomes.denied.title}.</strong> {denied}
        </p>
      ) : null}
      <login.Form
        method="post"
        action="/testimonials#admin-section"
        noValidate
        onSubmit={onSubmit}
        className="mt-4 flex flex-wrap items-end gap-3"
      >
        <input type="hidden" name="intent" value="admin-login" />
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
