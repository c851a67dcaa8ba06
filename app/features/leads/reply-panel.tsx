import { Form, Link } from "react-router";
import { DeliveryStatus } from "~/components/admin/delivery-status";
import { buttonClass } from "~/components/ui/button";
import { ErrorSummary, SelectField, TextArea, TextField } from "~/components/ui/field";
import { callOutcomes } from "~/content/replies";
import { fieldLabels } from "~/lib/form-fields";
import { callFields, replyFields } from "./fields";
import type { ThreadEntry } from "./replies.server";

/** What the reply forms need from the page: the thread, the draft, and what the last try sent back. */
export interface ReplyPanelProps {
  thread: ThreadEntry[];
  draft: { to: string; subject: string; body: string };
  /** Whether a mail server is set up; without one only calls can be recorded. */
  canEmail: boolean;
  /** Field messages and the answers of a refused try, to show them again. */
  errors: Record<string, string>;
  values: Record<string, string>;
  busy: boolean;
}

/** Why an answered lead cannot be moved to spam (its thread would be lost). */
export function answeredNotSpam(noun: string): string {
  return `This ${noun} has been answered, so it is not spam and stays here with its replies. Delete it if it should go.`;
}

/** The reply's and the call's fields share one error summary: one of the two forms was sent. */
const labels = { ...fieldLabels(replyFields), ...fieldLabels(callFields) };

/**
 * A lead's replies and the forms to add one (docs/requirements.md §4.8): plain forms, so they
 * work without JavaScript. The forms are keyed by the thread's length, so each reply that is
 * stored starts the next from the template again.
 */
export function ReplyPanel({ thread, draft, canEmail, errors, values, busy }: ReplyPanelProps) {
  const tried = Object.keys(errors).length > 0;
  return (
    <section aria-labelledby="thread-title" id="thread" className="mt-8">
      <h2 id="thread-title" className="text-subheading font-bold">
        Replies
      </h2>
      {thread.length === 0 ? (
        <p className="mt-2 text-muted">No reply yet. The first email or call recorded here stops the clock.</p>
      ) : (
        <ol className="mt-3 grid gap-3">
          {thread.map((entry) => (
            // Long words (an address, a link) wrap anywhere, so the thread never widens the page (WCAG 1.4.10).
            <li
              key={entry.id}
              className="min-w-0 rounded-xl border border-line bg-surface p-4 [overflow-wrap:anywhere]"
            >
              <h3 className="font-bold">{entry.title}</h3>
              <p className="text-small text-muted">
                By {entry.by}, <time dateTime={entry.at}>{entry.atText}</time>
              </p>
              {entry.subject ? <p className="mt-2 font-semibold">Subject: {entry.subject}</p> : null}
              {entry.body ? <p className="mt-2 whitespace-pre-wrap">{entry.body}</p> : null}
              {entry.delivery ? (
                <div className="mt-2 flex flex-wrap items-center gap-3">
                  <DeliveryStatus
                    channel={entry.delivery.channel}
                    status={entry.delivery.status}
                    lastError={entry.delivery.last_error}
                    showError={false}
                  />
                  {entry.delivery.attempts > 1 || entry.delivery.last_error ? (
                    <span className="text-small text-muted">
                      {entry.delivery.attempts} {entry.delivery.attempts === 1 ? "attempt" : "attempts"}
                      {entry.delivery.last_error ? `; last error: ${entry.delivery.last_error}` : ""}
                    </span>
                  ) : null}
                  {entry.delivery.status === "failed" || entry.delivery.status === "pending" ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="retry-reply" />
                      <input type="hidden" name="reply" value={entry.id} />
                      <button type="submit" disabled={busy} className={buttonClass("secondary")}>
                        Try sending again
                      </button>
                    </Form>
                  ) : null}
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      )}

      {tried ? (
        <div className="mt-4">
          <ErrorSummary errors={errors} labels={labels} idPrefix="reply" />
        </div>
      ) : null}

      <div className="mt-6 grid gap-8 lg:grid-cols-2">
        <div>
          <h3 className="text-body font-bold">Email a reply</h3>
          {canEmail ? (
            <Form method="post" key={thread.length} className="mt-3 grid gap-4">
              <input type="hidden" name="intent" value="reply" />
              <p className="[overflow-wrap:anywhere]">
                <span className="font-semibold">To:</span> {draft.to}
              </p>
              <TextField
                name="subject"
                label={labels.subject}
                idPrefix="reply"
                required
                maxLength={replyFields.subject.max}
                defaultValue={values.subject ?? draft.subject}
                error={errors.subject}
              />
              <TextArea
                name="body"
                label={labels.body}
                idPrefix="reply"
                required
                rows={10}
                maxLength={replyFields.body.max}
                defaultValue={values.body ?? draft.body}
                error={errors.body}
                hint="Only what is written here is sent. Nothing from their message or order is added: write health details only if they need to be in the email."
              />
              <p className="text-small text-muted">
                Sent from the company&apos;s address; answers come back to the support mailbox.{" "}
                <Link to="/admin/templates" className="inline-flex tap-target items-center text-brand underline">
                  Edit the templates
                </Link>
              </p>
              <div>
                <button type="submit" disabled={busy} className={buttonClass("primary")}>
                  Send reply
                </button>
              </div>
            </Form>
          ) : (
            <p className="mt-3">
              No mail server is set up (SMTP_HOST), so the admin cannot send email. Record a call, or write from the
              support mailbox and record it here.
            </p>
          )}
        </div>
        <div>
          <h3 className="text-body font-bold">Record a call</h3>
          <Form method="post" key={thread.length} className="mt-3 grid gap-4">
            <input type="hidden" name="intent" value="call" />
            <SelectField
              name="outcome"
              label={labels.outcome}
              idPrefix="reply"
              required
              placeholder="Choose one"
              options={callOutcomes}
              defaultValue={values.outcome ?? ""}
              error={errors.outcome}
            />
            <TextArea
              name="note"
              label={labels.note}
              idPrefix="reply"
              rows={4}
              maxLength={callFields.note.max}
              defaultValue={values.note ?? ""}
              error={errors.note}
            />
            <div>
              <button type="submit" disabled={busy} className={buttonClass("secondary")}>
                Record call
              </button>
            </div>
          </Form>
        </div>
      </div>
    </section>
  );
}
