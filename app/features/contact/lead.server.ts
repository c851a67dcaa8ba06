import type { Selectable } from "kysely";
import type { ContactMessageTable, SubmissionKind } from "#db/schema";
import { contactTopics, topicLabel } from "~/content/contact";
import { heardLabel, heardQuestion } from "~/content/heard";
import { responseFigureTexts } from "~/content/replies";
import { defineLeadKind, type LeadFilter } from "~/lib/lead-kind";

export interface MessageFilter extends LeadFilter {
  topic?: string;
}

/**
 * A visitor's message's one key, wherever a kind is named: its kind of lead, its outbox
 * deliveries, the spam store and the form counts (db/schema.ts, `submissionKinds`).
 */
export const messageKind = "message" satisfies SubmissionKind;

/** A contact message as the staff side reads it (app/lib/lead-kind.ts): the Messages list, its page and export. */
export const messageLeads = defineLeadKind<Selectable<ContactMessageTable>, MessageFilter>({
  kind: messageKind,
  label: "Message",
  table: "contact_messages",
  entity: "contact_message",
  path: "/admin/messages",
  outbox: [messageKind],
  statuses: ["new", "handled"],
  reopened: () => ({ status: "new", handled_at: null }),
  // The phone number, consent and answers stay on the message's own page, whose opening is audited.
  listColumns: [
    "id",
    "name",
    "email",
    "topic",
    "message",
    "received_at",
    "status",
    "spam_signals",
    "reply_due_at",
    "reply_late_at",
    "first_reply_at",
    "answer_due_at",
    "answer_late_at",
  ],
  parseFilter(params) {
    const topic = params.get("topic");
    return { topic: contactTopics.some((t) => t.value === topic) ? (topic ?? undefined) : undefined };
  },
  narrow: (eb, filter) => (filter.topic ? eb("topic", "=", filter.topic) : undefined),
  titleColumns: ["name", "topic"],
  title: (m) => `${m.name} — ${topicLabel(m.topic)}`,
  // Due one business day after it arrives and late after two: the contact page's "1-2 business days".
  promise: { dueDays: 1, lateDays: 2 },
  figures: responseFigureTexts.message,
  replyColumn: "message_id",
  contactColumns: ["name", "email", "topic"],
  replyContact: (m) => ({ email: m.email, name: m.name, template: m.topic, reference: null }),
  exportName: "messages",
  exportHeaders: [
    "Received",
    "Name",
    "Email",
    "Phone",
    "Topic",
    "Message",
    heardQuestion.label,
    "Consent given",
    "Status",
    "Handled",
  ],
  exportRow: (m) => [
    m.received_at,
    m.name,
    m.email,
    m.phone,
    topicLabel(m.topic),
    m.message,
    m.heard_from ? heardLabel(m.heard_from) : null,
    m.consent_at,
    m.status,
    m.handled_at,
  ],
});
