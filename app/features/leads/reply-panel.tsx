import { Form, Link } from "react-router";
import { DeliveryStatus } from "~/components/admin/delivery-status";
import { buttonClass } from "~/components/ui/button";
import { ErrorSummary, SelectField, TextArea, TextField } from "~/components/ui/field";
import { callOutcomes } from "~/content/replies";
import { fieldLabels } from "~/lib/form-fields";
import { callFields, noteFields, replyFields } from "./fields";
import type { ThreadEntry } from "./replies.server";

/** What the reply forms need from the page: the thread, the draft, and what the last try sent back. */
export interface ReplyPanelProps {
  thread: ThreadEntry[];
  draft: {
    to: string;
    subject: string;
    body: string;
    /** The topic's saved replies (its template first) and the one the draft starts from. */
    choices: Array<{ id: string; name: string }>;
    chosen: string;
  };
  /** Whether a mail server is set up; without one only calls can be recorded. */
  canEmail: boolean;
  /** Whether visitors' answers are read from the support mailbox into the thread. */
  readsAnswers: boolean;
  /** How many replies, calls and notes by others the page shows: more by the time a reply or call is sent were made meanwhile. */
  seen: number;
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
const labels = { ...fieldLabels(replyFields), ...fieldLabels(callFields), ...fieldLabels(noteFields) };

/**
 * A lead's replies and the forms to add one (docs/requirements.md §4.8): plain forms, so they
 * work without JavaScript. The forms are keyed by the thread's length, so each reply that is
 * stored starts the next from the template again.
 */
export function ReplyPanel({ thread, draft, canEmail, readsAnswers, seen, errors, values, busy }: ReplyPanelProps) {
  const tried = Object.keys(errors).length > 0;
  // After a refusal because someone else answered meanwhile, the forms send the count it showed.
  const seenField = <input type="hidden" name="seen" value={values.seen ?? String(seen)} />;
  return (
    <section aria-labelledby="thread-title" id="thread" className="mt-8">
      <h2 id="thread-title" className="text-subheading font-bold">
        Conversation
      </h2>
      {thread.length === 0 ? (
        <p className="mt-2 text-muted">
          No reply yet. The first email or call recorded here stops the clock.
          {readsAnswers ? " Their answers to an email sent from here come back to this page." : ""}
        </p>
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
                {entry.kind === "answer" ? "From" : "By"} {entry.by}, <time dateTime={entry.at}>{entry.atText}</time>
              </p>
              {entry.held ? <HeldAnswer id={entry.id} reason={entry.held} busy={busy} /> : null}
              {entry.subject ? <p className="mt-2 font-semibold">Subject: {entry.subject}</p> : null}
              {entry.body ? <p className="mt-2 whitespace-pre-wrap">{entry.body}</p> : null}
              {entry.quoted ? (
                <details className="mt-2">
                  <summary className="inline-flex tap-target cursor-pointer items-center font-semibold text-brand underline">
                    Earlier messages they quoted
                  </summary>
                  <p className="mt-2 border-l-4 border-line pl-3 whitespace-pre-wrap text-muted">{entry.quoted}</p>
                </details>
              ) : null}
              {entry.files && entry.files.length > 0 ? <AnswerFiles files={entry.files} /> : null}
              {entry.answered ? <p className="mt-2 text-small text-muted">{entry.answered}</p> : null}
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
          {canEmail && draft.choices.length > 1 ? (
            <Form method="get" className="mt-3 flex flex-wrap items-end gap-3">
              <SelectField
                name="reply"
                label="Start from"
                idPrefix="saved"
                placeholder="The topic's template"
                options={draft.choices.slice(1).map((choice) => ({ value: choice.id, label: choice.name }))}
                defaultValue={draft.choices[0]?.id === draft.chosen ? "" : draft.chosen}
              />
              <button type="submit" className={buttonClass("secondary")}>
                Use this reply
              </button>
            </Form>
          ) : null}
          {canEmail ? (
            <Form method="post" key={`${thread.length}-${draft.chosen}`} className="mt-3 grid gap-4">
              <input type="hidden" name="intent" value="reply" />
              {seenField}
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
                {readsAnswers
                  ? "Sent from the company’s address; their answer comes back to this page."
                  : "Sent from the company’s address; answers come back to the support mailbox."}{" "}
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
            {seenField}
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
      <div className="mt-8 max-w-prose">
        <h3 className="text-body font-bold">Add an internal note</h3>
        <Form method="post" key={thread.length} className="mt-3 grid gap-4">
          <input type="hidden" name="intent" value="note" />
          <TextArea
            name="internalNote"
            label={labels.internalNote}
            idPrefix="reply"
            required
            rows={3}
            maxLength={noteFields.internalNote.max}
            defaultValue={values.internalNote ?? ""}
            error={errors.internalNote}
            hint="For the staff only: never emailed. Kept in this conversation and the audit log."
          />
          <div>
            <button type="submit" disabled={busy} className={buttonClass("secondary")}>
              Add note
            </button>
          </div>
        </Form>
      </div>
    </section>
  );
}

/** Bytes as staff read them: "820 KB", "3.4 MB". */
function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** An answer's attachments: a link to each whose bytes were kept, the name and size of the rest. */
function AnswerFiles({ files }: { files: NonNullable<ThreadEntry["files"]> }) {
  return (
    <div className="mt-2">
      <p className="font-semibold">Attached</p>
      <ul className="mt-1 grid gap-1">
        {files.map((file) => (
          <li key={file.id}>
            {file.href ? (
              <a href={file.href} className="inline-flex tap-target items-center text-brand underline" download>
                {file.name} ({fileSize(file.size)})
              </a>
            ) : (
              <span>
                {file.name} ({fileSize(file.size)}): not kept here, larger than 10 MB; it is in the support mailbox.
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** An answer held because it does not plainly belong here: why, and the two ways to settle it. */
function HeldAnswer({ id, reason, busy }: { id: string; reason: string; busy: boolean }) {
  return (
    <div className="mt-2 rounded-lg border-2 border-warning p-3">
      <p>
        <span className="font-semibold">Held for you to confirm.</span> {reason} It counts for nothing until someone
        confirms it belongs to this lead.
      </p>
      <div className="mt-2 flex flex-wrap gap-3">
        <Form method="post">
          <input type="hidden" name="intent" value="confirm-answer" />
          <input type="hidden" name="answer" value={id} />
          <button type="submit" disabled={busy} className={buttonClass("secondary")}>
            It belongs here
          </button>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value="drop-answer" />
          <input type="hidden" name="answer" value={id} />
          <button type="submit" disabled={busy} className={buttonClass("secondary")}>
            Not this lead: remove it
          </button>
        </Form>
      </div>
    </div>
  );
}
