import { heardQuestion } from "~/content/heard";
import { defineFields } from "~/lib/form-fields";

/** The contact form's fields, in the form's order: each one's label and longest value, written once. */
export const contactFields = defineFields({
  name: { label: "Name", max: 120 },
  email: { label: "Email", max: 254 },
  phone: { label: "Phone", max: 40 },
  topic: { label: "Topic" },
  message: { label: "Message", max: 5000 },
  heard: { label: heardQuestion.label },
  consent: { label: "Privacy" },
});
export type ContactField = keyof typeof contactFields;

/** A message is at least this long: "Hi" tells staff nothing to answer. */
export const messageMin = 10;
