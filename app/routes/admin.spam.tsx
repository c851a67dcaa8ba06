import { Form, Link, useNavigation } from "react-router";
import { movedToSpamNotice, possibleSpamFilter } from "~/lib/spam-mark";
import { ActionStatus } from "~/components/ui/action-status";
import { actionDone, actionFailed } from "~/lib/admin-action";
import { buttonClass } from "~/components/ui/button";
import { ConfirmDelete } from "~/components/ui/confirm-delete";
import { requireConfirmed, staffContext } from "~/features/auth/access.server";
import { spamKindsFor } from "~/features/spam/access";
import { actOnSpam } from "~/features/spam/moderation.server";
import { can } from "~/lib/staff";
import { senderName, shownSpamItem, SpamItemDetails } from "~/features/spam/spam-item";
import { readFlash } from "~/lib/flash.server";
import { readForm } from "~/lib/request.server";
import { seo } from "~/lib/seo";
import { getConfig } from "~/lib/config.server";
import { countSpam, listSpam } from "~/lib/spam.server";
import { spamRestorers } from "~/spam-restorers.server";
import type { SpamKind } from "#db/schema";
import type { Route } from "./+types/admin.spam";
import { AdminErrorBoundary } from "~/components/ui/admin-error";

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = context.get(staffContext);
  const kinds = spamKindsFor(staff.role);
  const [items, total] = await Promise.all([listSpam(200, kinds), countSpam(kinds)]);
  // Arrived just now from "Move to Spam" on a message or an order request: shown once, not on a reload.
  const moved = readFlash(request)?.key === "moved-to-spam";
  return {
    items: items.map(shownSpamItem),
    total,
    retentionDays: getConfig().retention.spamDays,
    moved,
    leads: can(staff.role, "leads"),
    reviews: can(staff.role, "reviews"),
  };
}

/** Where a released submission went, by kind: a new kind will not compile without its line. */
const releasedTo: Record<SpamKind, string> = {
  review: "It now waits in Reviews for moderation.",
  message: "It is now in Messages, and its delivery to staff is queued.",
  order: "It is now in Orders, and its delivery to staff is queued.",
};

export async function action({ request, context }: Route.ActionArgs) {
  const staff = context.get(staffContext);
  const form = Object.fromEntries(await readForm(request));
  // Deleting cannot be undone: proof of who they are within five minutes, as in the lists it came from.
  if (form.intent === "delete") requireConfirmed(request, staff);
  const result = await actOnSpam(staff, form, spamRestorers, spamKindsFor(staff.role));
  if (!result.ok) return actionFailed(result.error, result.status);
  return actionDone(
    result.intent === "release" ? `Moved out of spam. ${releasedTo[result.kind]}` : "Deleted for good.",
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Spam",
    description: "Submissions held back as suspected spam.",
    path: "/admin/spam",
    noindex: true,
  });

export default function AdminSpam({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, retentionDays, moved } = loaderData;
  const busy = useNavigation().state !== "idle";
  const held =
    loaderData.leads && loaderData.reviews
      ? "Reviews, messages and order requests"
      : loaderData.leads
        ? "Messages and order requests"
        : loaderData.reviews
          ? "Reviews"
          : undefined;
  // An editor holds no kind of submission: the page says so instead of an empty list, which would
  // read as "nothing is held" when there may be items that are other roles' to decide.
  if (held === undefined)
    return (
      <>
        <h1 className="text-heading font-bold">Spam</h1>
        <p className="mt-1 max-w-prose text-muted">
          Held submissions are reviews, messages and order requests, and your role includes none of them, so none are
          shown here. Owners, leads and moderators decide them.
        </p>
      </>
    );
  return (
    <>
      <h1 className="text-heading font-bold">Spam</h1>
      <p className="mt-1 max-w-prose text-muted">
        {held} that carried certain signs of a program (a hidden field only programs fill in), and those staff moved
        here. They are kept here, never published or delivered, until you move them out (&ldquo;Not spam&rdquo;) or
        delete them. Each is deleted after {retentionDays} days. {total} held now. Items only marked as possible spam
        stay in their lists:{" "}
        {loaderData.leads ? (
          <>
            <Link to={`/admin/messages?mark=${possibleSpamFilter}`} className="text-brand underline">
              messages
            </Link>
            ,{" "}
            <Link to={`/admin/orders?mark=${possibleSpamFilter}`} className="text-brand underline">
              order requests
            </Link>
            {loaderData.reviews ? " and " : ""}
          </>
        ) : null}
        {loaderData.reviews ? (
          <Link to={`/admin/testimonials?mark=${possibleSpamFilter}`} className="text-brand underline">
            reviews
          </Link>
        ) : null}
        .
      </p>
      <ActionStatus
        result={
          actionData ??
          (moved ? { ok: true, message: `${movedToSpamNotice.title}. ${movedToSpamNotice.description}` } : undefined)
        }
      />
      {items.length === 0 ? (
        <p className="mt-8 text-muted">Nothing is held as spam.</p>
      ) : (
        <ul className="mt-6 space-y-4">
          {items.map((item) => (
            <li key={item.id} className="rounded-xl border border-line bg-surface p-5">
              <SpamItemDetails item={item} />
              <div className="mt-4 flex flex-wrap items-start gap-2">
                <Form method="post">
                  <input type="hidden" name="id" value={item.id} />
                  <input type="hidden" name="intent" value="release" />
                  <button type="submit" disabled={busy} className={buttonClass("primary")}>
                    Not spam<span className="sr-only">: {senderName(item.payload) || "(no name)"}</span>
                  </button>
                </Form>
                <ConfirmDelete
                  question="Delete this submission for good?"
                  hiddenFields={{ id: item.id, intent: "delete" }}
                  busy={busy}
                  targetName={`the submission from ${senderName(item.payload) || "(no name)"}`}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary list={{ href: "/admin/spam", name: "spam" }} />;
}
