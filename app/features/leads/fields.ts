import { defineFields } from "~/lib/form-fields";

/**
 * The staff forms of a lead's replies (docs/requirements.md §4.8), each field with the label the
 * form and its error summary show and the longest text it takes; the schemas read their limits here.
 */
export const replyFields = defineFields({
  subject: { label: "Subject", max: 200 },
  body: { label: "Reply", max: 10_000 },
});

export const callFields = defineFields({
  outcome: { label: "How the call went" },
  note: { label: "Note", max: 2_000 },
});

/** An internal note on a lead: never emailed. */
export const noteFields = defineFields({
  internalNote: { label: "Internal note", max: 5_000 },
});

/** A topic's template: the topic travels hidden with each form, one form per topic. */
export const templateFields = defineFields({
  topic: { label: "Topic" },
  subject: { label: "Subject", max: replyFields.subject.max },
  body: { label: "Text", max: replyFields.body.max },
});

/** A named saved reply: its topic and id ("" for a new one) travel hidden with the form. */
export const savedReplyFields = defineFields({
  id: { label: "Saved reply" },
  topic: { label: "Topic" },
  name: { label: "Name", max: 80 },
  subject: { label: "Subject", max: replyFields.subject.max },
  body: { label: "Text", max: replyFields.body.max },
});
